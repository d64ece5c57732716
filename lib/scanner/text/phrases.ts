import type { NormalizedText } from "./normalize";
import { originalSpan } from "../evidence";

/**
 * Phrase patterns over normalized text. A space in a pattern stands for any
 * run of characters other than letters and digits, so "do not tell" also
 * matches "do-not_tell" and "do not — tell". Patterns marked `squash` are
 * also tried with the separators removed, against the letters-and-digits
 * form, which undoes letter spacing and identifier casing ("doNotTellTheUser").
 */
export interface Phrase<C extends string = string> {
  category: C;
  source: string;
  squash?: boolean;
}

export interface CompiledPhrase<C extends string> {
  category: C;
  clean: RegExp;
  squashed: RegExp | null;
}

const SEPARATOR = "[^a-z0-9]+";
/** Not between two letters or digits: a phrase neither starts nor ends inside a word. */
const EDGE = "(?!(?<=[a-z0-9])[a-z0-9])";

export function compilePhrases<C extends string>(phrases: readonly Phrase<C>[]): CompiledPhrase<C>[] {
  return phrases.map((p) => ({
    category: p.category,
    // The leading edge is checked after a match (startsInsideWord): a lookaround first would stop the
    // engine from scanning ahead for the pattern's first letters, and make every phrase several times slower.
    clean: new RegExp(`${p.source.replace(/ /g, SEPARATOR)}${EDGE}`, "g"),
    squashed: p.squash ? new RegExp(p.source.replace(/ /g, ""), "g") : null,
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
  for (const p of compiled) {
    let found = false;
    const regex = p.clean;
    regex.lastIndex = 0;
    for (let m = regex.exec(norm.clean); m; m = regex.exec(norm.clean)) {
      if (startsInsideWord(norm.clean, m.index)) {
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
    const s = p.squashed.exec(norm.squashed);
    if (s) {
      const [start, end] = originalSpan(norm.squashedAt, source, s.index, s[0].length);
      out.push({ category: p.category, start, end });
    }
  }
  return out;
}
