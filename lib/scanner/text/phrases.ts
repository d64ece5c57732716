import RE2 from "re2";
import type { NormalizedText } from "./normalize";
import { originalSpan } from "../evidence";
import { MAX_CUE_TEXT } from "./cues";

/**
 * Phrase patterns over normalized text. A space in a pattern stands for any
 * run of characters other than letters and digits, so "do not tell" also
 * matches "do-not_tell" and "do not — tell". Patterns marked `squash` are
 * also tried with the separators removed, against the letters-and-digits
 * form, which undoes letter spacing and identifier casing ("doNotTellTheUser").
 *
 * Patterns run on RE2, whose time is linear in the text, over at most
 * MAX_CUE_TEXT characters. RE2 has no lookaround: what a pattern must not be
 * followed by, or must not match, is checked on the match afterwards
 * (`notFollowedBy`, `unless`), over a few dozen characters.
 */
export interface Phrase<C extends string = string> {
  category: C;
  source: string;
  squash?: boolean;
  /** A match followed by this (tested on the next 40 characters of the clean form) is not one. */
  notFollowedBy?: string;
  /** A match whose text holds this is not one. */
  unless?: string;
}

/** An RE2 set (the package declares its type inside its module only). */
export type PatternSet = InstanceType<typeof RE2.Set>;

export interface CompiledPhrases<C extends string> {
  phrases: CompiledPhrase<C>[];
  /**
   * Every phrase's clean and squashed patterns in one RE2 set: a single pass
   * over a text says which phrases can match it at all, so that only those
   * run one by one (most texts match none, and dozens of passes become one).
   */
  cleanSet: PatternSet;
  squashedSet: PatternSet | null;
  /** For each index of `squashedSet`, the phrase it belongs to. */
  squashedOf: number[];
}

export interface CompiledPhrase<C extends string> {
  category: C;
  clean: RE2;
  squashed: RE2 | null;
  notFollowedBy: RE2 | null;
  unless: RE2 | null;
}

const SEPARATOR = "[^a-z0-9]+";

export function compilePhrases<C extends string>(phrases: readonly Phrase<C>[]): CompiledPhrases<C> {
  const compiled = phrases.map((p) => ({
    category: p.category,
    // Both edges are checked after a match (startsInsideWord, endsInsideWord).
    clean: new RE2(p.source.replace(/ /g, SEPARATOR), "g"),
    squashed: p.squash ? new RE2(p.source.replace(/ /g, ""), "g") : null,
    notFollowedBy: p.notFollowedBy ? new RE2(`^(?:${p.notFollowedBy.replace(/ /g, SEPARATOR)})`) : null,
    unless: p.unless ? new RE2(p.unless.replace(/ /g, SEPARATOR)) : null,
  }));
  const squashedOf = compiled.flatMap((p, i) => (p.squashed ? [i] : []));
  return {
    phrases: compiled,
    cleanSet: new RE2.Set(compiled.map((p) => p.clean)),
    squashedSet: squashedOf.length ? new RE2.Set(squashedOf.map((i) => compiled[i].squashed!)) : null,
    squashedOf,
  };
}

export interface PhraseMatch<C extends string> {
  category: C;
  /** Original positions in the text. */
  start: number;
  end: number;
  /** The pattern's first capture group, when it has one and matched the clean form. */
  captured?: string;
}

const ALNUM = /[a-z0-9]/;
const MIN_LENGTH = 8;
const startsInsideWord = (text: string, at: number) => at > 0 && ALNUM.test(text[at - 1]) && ALNUM.test(text[at]);
const endsInsideWord = (text: string, at: number) => at > 0 && at < text.length && ALNUM.test(text[at - 1]) && ALNUM.test(text[at]);

/** The match is not one: inside a word, followed by what the phrase excludes, or holding what it excludes. */
function rejected<C extends string>(p: CompiledPhrase<C>, text: string, index: number, match: string): boolean {
  const end = index + match.length;
  if (startsInsideWord(text, index) || endsInsideWord(text, end)) return true;
  if (p.notFollowedBy && p.notFollowedBy.test(text.slice(end, end + 40))) return true;
  return p.unless !== null && p.unless.test(match);
}

/**
 * The phrases (their indexes, through `of` when the set holds only some)
 * that the set finds in the text; null (every phrase) when it cannot say: RE2
 * throws rather than guess when a set's automaton runs out of memory, and a
 * text made to cause that must not pass unread.
 */
function mayMatch(set: PatternSet, text: string, of?: readonly number[]): ReadonlySet<number> | null {
  try {
    return new Set(set.match(text).map((j) => (of ? of[j] : j)));
  } catch {
    return null;
  }
}

/**
 * Phrase matches in `source`, positions mapped back to it: every match in the
 * clean form; in the squashed form (tried only when the clean form has none
 * for that phrase) the first.
 */
export function matchPhrases<C extends string>(
  compiled: CompiledPhrases<C>,
  norm: NormalizedText,
  source: string,
): PhraseMatch<C>[] {
  const out: PhraseMatch<C>[] = [];
  // No phrase fits in fewer characters: most schema strings ("string", "object") end here.
  if (norm.clean.length < MIN_LENGTH) return out;
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  const squashed = norm.squashed.length > MAX_CUE_TEXT ? norm.squashed.slice(0, MAX_CUE_TEXT) : norm.squashed;
  const inClean = mayMatch(compiled.cleanSet, clean);
  // The squashed form is read only for a phrase the clean form has no match of, and only once for all of them.
  let inSquashed: ReadonlySet<number> | null | undefined;
  compiled.phrases.forEach((p, i) => {
    let found = false;
    const regex = p.clean;
    regex.lastIndex = 0;
    for (let m = !inClean || inClean.has(i) ? regex.exec(clean) : null; m; m = regex.exec(clean)) {
      if (rejected(p, clean, m.index, m[0])) {
        regex.lastIndex = m.index + 1;
        continue;
      }
      const [start, end] = originalSpan(norm.cleanAt, source, m.index, Math.max(1, m[0].length));
      out.push({ category: p.category, start, end, captured: m[1] });
      found = true;
      if (m[0].length === 0) regex.lastIndex++;
    }
    if (found || !p.squashed) return;
    inSquashed ??= mayMatch(compiled.squashedSet!, squashed, compiled.squashedOf);
    if (inSquashed && !inSquashed.has(i)) return;
    p.squashed.lastIndex = 0;
    const s = p.squashed.exec(squashed);
    if (s) {
      const [start, end] = originalSpan(norm.squashedAt, source, s.index, s[0].length);
      out.push({ category: p.category, start, end });
    }
  });
  return out;
}
