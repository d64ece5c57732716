import { isInvisible } from "../visible";

/**
 * The forms of a text that rules match against, each with a map from its
 * positions back to the original so evidence can quote what was really there.
 *
 * `clean`: what a model reads once the tricks are undone — Unicode tag
 * characters decoded to the ASCII they smuggle, zero-width, bidi and other
 * invisible characters and ANSI escape sequences dropped, compatibility
 * forms (fullwidth, mathematical letters) and diacritics folded, Cyrillic and
 * Greek look-alikes folded to Latin, lower case, whitespace collapsed.
 *
 * `squashed`: only the letters and digits of `clean`, so "i g n o r e",
 * "ignore_previous" and "ignorePrevious" read the same.
 */
export interface NormalizedText {
  clean: string;
  cleanAt: number[];
  squashed: string;
  squashedAt: number[];
}

const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", з: "3", і: "i", ї: "i", ј: "j", к: "k", м: "m", н: "h", о: "o", п: "n",
  р: "p", с: "c", т: "t", у: "y", х: "x", ѕ: "s", ԁ: "d", һ: "h", ԛ: "q", ԝ: "w", ь: "b", ӏ: "l",
  // Greek
  α: "a", β: "b", ε: "e", η: "n", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ω: "w",
  // Latin letters that pass for others
  ɑ: "a", ɡ: "g", ı: "i", ȷ: "j", ℓ: "l", ſ: "s",
  // Typographic quotes and dashes read as their ASCII forms
  "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
};

const folded = new Map<string, string>();

/** One non-ASCII character as a model would read it, cached: the same few recur. */
function fold(ch: string): string {
  const hit = folded.get(ch);
  if (hit !== undefined) return hit;
  let out = "";
  for (const c of ch.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()) out += HOMOGLYPHS[c] ?? c;
  folded.set(ch, out);
  return out;
}

/** Where an ANSI escape sequence that starts at `i` ends (CSI, OSC, or a two-character escape). */
export function ansiEnd(text: string, i: number): number {
  const next = text.charCodeAt(i + 1);
  if (next === 0x5b) {
    let j = i + 2;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c >= 0x40 && c <= 0x7e) return j + 1;
      // Parameter and intermediate bytes continue the sequence; anything else ends a malformed one.
      if (c < 0x20 || c > 0x3f) return j;
      j++;
    }
    return j;
  }
  if (next === 0x5d) {
    let j = i + 2;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 0x07) return j + 1;
      if (c === 0x1b && text.charCodeAt(j + 1) === 0x5c) return j + 2;
      j++;
    }
    return j;
  }
  return Math.min(text.length, i + 2);
}

const WHITESPACE = /\s/;
const ALNUM = /[a-z0-9]/;

export function normalizeText(text: string): NormalizedText {
  let clean = "";
  const cleanAt: number[] = [];
  let squashed = "";
  const squashedAt: number[] = [];
  const emit = (c: string, at: number) => {
    if (WHITESPACE.test(c)) {
      if (clean.length === 0 || clean.endsWith(" ")) return;
      c = " ";
    } else if (ALNUM.test(c)) {
      squashed += c;
      squashedAt.push(at);
    }
    clean += c;
    cleanAt.push(at);
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === 0x1b) {
      i = ansiEnd(text, i);
      continue;
    }
    if (cp >= 0xe0020 && cp <= 0xe007e) {
      for (const c of fold(String.fromCharCode(cp - 0xe0000))) emit(c, i);
    } else if (cp < 0x80) {
      if (cp >= 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d) emit(cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : text[i], i);
    } else if (!isInvisible(cp) && !(cp >= 0xfe00 && cp <= 0xfe0f)) {
      for (const c of fold(String.fromCodePoint(cp))) emit(c, i);
    }
    i += width;
  }
  if (clean.endsWith(" ")) {
    clean = clean.slice(0, -1);
    cleanAt.pop();
  }
  return { clean, cleanAt, squashed, squashedAt };
}
