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

export interface CompiledPhrase<C extends string> {
  category: C;
  clean: RE2;
  squashed: RE2 | null;
  notFollowedBy: RE2 | null;
  unless: RE2 | null;
}

const SEPARATOR = "[^a-z0-9]+";

export function compilePhrases<C extends string>(phrases: readonly Phrase<C>[]): CompiledPhrase<C>[] {
  return phrases.map((p) => ({
    category: p.category,
    // Both edges are checked after a match (startsInsideWord, endsInsideWord).
    clean: new RE2(p.source.replace(/ /g, SEPARATOR), "g"),
    squashed: p.squash ? new RE2(p.source.replace(/ /g, ""), "g") : null,
    notFollowedBy: p.notFollowedBy ? new RE2(`^(?:${p.notFollowedBy.replace(/ /g, SEPARATOR)})`) : null,
    unless: p.unless ? new RE2(p.unless.replace(/ /g, SEPARATOR)) : null,
  }));
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
 * Phrase matches in `source`, positions mapped back to it: every match in the
 * clean form; in the squashed form (tried only when the clean form has none
 * for that phrase) the first.
 */
export function matchPhrases<C extends string>(
  compiled: readonly CompiledPhrase<C>[],
  norm: NormalizedText,
  source: string,
): PhraseMatch<C>[] {
  const out: PhraseMatch<C>[] = [];
  // No phrase fits in fewer characters: most schema strings ("string", "object") end here.
  if (norm.clean.length < MIN_LENGTH) return out;
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  const squashed = norm.squashed.length > MAX_CUE_TEXT ? norm.squashed.slice(0, MAX_CUE_TEXT) : norm.squashed;
  for (const p of compiled) {
    let found = false;
    const regex = p.clean;
    regex.lastIndex = 0;
    for (let m = regex.exec(clean); m; m = regex.exec(clean)) {
      if (rejected(p, clean, m.index, m[0])) {
        regex.lastIndex = m.index + 1;
        continue;
      }
      const [start, end] = originalSpan(norm.cleanAt, source, m.index, Math.max(1, m[0].length));
      out.push({ category: p.category, start, end, captured: m[1] });
      found = true;
      if (m[0].length === 0) regex.lastIndex++;
    }
    if (found || !p.squashed) continue;
    p.squashed.lastIndex = 0;
    const s = p.squashed.exec(squashed);
    if (s) {
      const [start, end] = originalSpan(norm.squashedAt, source, s.index, s[0].length);
      out.push({ category: p.category, start, end });
    }
  }
  return out;
}
