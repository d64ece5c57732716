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
  squashed: string;
  /** Original position of each UTF-16 unit of `clean` (computed on first use: only matches need it). */
  readonly cleanAt: readonly number[];
  readonly squashedAt: readonly number[];
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

/** A phrase folded as texts are (case, diacritics, look-alikes), so that lexicons written in any script match the clean form. */
export function foldText(phrase: string): string {
  let out = "";
  for (const ch of phrase) out += ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : fold(ch);
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
const isAlnum = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
const isAsciiSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);

function normalizeFully(text: string): { clean: string; cleanAt: number[]; squashed: string; squashedAt: number[] } {
  const clean: string[] = [];
  const cleanAt: number[] = [];
  const squashed: string[] = [];
  const squashedAt: number[] = [];
  let lastWasSpace = true;
  const emitCode = (c: number, ch: string, at: number) => {
    if (isAsciiSpace(c) || (c > 0x7f && WHITESPACE.test(ch))) {
      if (lastWasSpace) return;
      lastWasSpace = true;
      clean.push(" ");
      cleanAt.push(at);
      return;
    }
    lastWasSpace = false;
    if (isAlnum(c)) {
      squashed.push(ch);
      squashedAt.push(at);
    }
    clean.push(ch);
    // One position per UTF-16 unit, so offsets in the joined string map back.
    for (let k = 0; k < ch.length; k++) cleanAt.push(at);
  };
  const emitFolded = (folded: string, at: number) => {
    for (const ch of folded) emitCode(ch.codePointAt(0) as number, ch, at);
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    if (cp < 0x80) {
      if (cp >= 0x41 && cp <= 0x5a) emitCode(cp + 32, String.fromCharCode(cp + 32), i);
      else if (cp >= 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d) emitCode(cp, text[i], i);
      else if (cp === 0x1b) {
        i = ansiEnd(text, i);
        continue;
      }
      i++;
      continue;
    }
    const width = cp > 0xffff ? 2 : 1;
    if (cp >= 0xe0020 && cp <= 0xe007e) emitFolded(fold(String.fromCharCode(cp - 0xe0000)), i);
    else if (!isInvisible(cp) && !(cp >= 0xfe00 && cp <= 0xfe0f)) emitFolded(fold(String.fromCodePoint(cp)), i);
    i += width;
  }
  if (clean[clean.length - 1] === " ") {
    clean.pop();
    cleanAt.pop();
  }
  return { clean: clean.join(""), cleanAt, squashed: squashed.join(""), squashedAt };
}

/** Printable ASCII and ordinary whitespace: nothing to decode, drop or fold but case. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;
/** What `normalizeFully` drops or folds, one character (or code point) at a time. */
const NOT_PLAIN = /[\x00-\x08\x0b\x0c\x0e-\x1f]|[^\x00-\x7f]/gu;

/** One character that is not plain ASCII, as `normalizeFully` emits it (its whitespace as a space, collapsed later). */
function foldOne(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  if (cp < 0x80) return "";
  let out: string;
  if (cp >= 0xe0020 && cp <= 0xe007e) out = fold(String.fromCharCode(cp - 0xe0000));
  else if (isInvisible(cp) || (cp >= 0xfe00 && cp <= 0xfe0f)) return "";
  else out = fold(ch);
  return out.replace(/\s/g, " ");
}

/**
 * A run of whitespace that collapsing changes: two characters or more, or a
 * lone tab or line's end. A lone space, most of a text's whitespace, is left
 * where it is: replacing each of them by itself cost a third of the
 * normaliser's time (docs/gateways.md, "The result guard's cost").
 */
const WHITESPACE_RUN = /[\t\n\r ]{2,}|[\t\n\r]/g;

/** Whitespace runs as one space, and none at either end (the text holds no other whitespace by now). */
function collapsed(text: string): string {
  const one = text.replace(WHITESPACE_RUN, " ");
  return one.slice(one.charCodeAt(0) === 0x20 ? 1 : 0, one.length > 1 && one.charCodeAt(one.length - 1) === 0x20 ? -1 : one.length);
}

/**
 * `clean` without its position map, as `normalizeFully` makes it: the
 * characters to drop or fold replaced in one pass, then case and whitespace
 * as for plain ASCII. A text with an ANSI escape is not read here (its
 * sequences are dropped whole).
 */
const cleanOnly = (text: string) => collapsed(text.replace(NOT_PLAIN, foldOne).toLowerCase());

/**
 * The letters and digits of the clean form, its runs of them joined: a
 * regular expression that removes every separator makes a replacement for
 * each one, and a text has one between every two words.
 */
function squashedOf(clean: string): string {
  let out = "";
  let from = -1;
  for (let i = 0; i < clean.length; i++) {
    if (isAlnum(clean.charCodeAt(i))) {
      if (from < 0) from = i;
    } else if (from >= 0) {
      out += clean.slice(from, i);
      from = -1;
    }
  }
  return from >= 0 ? out + clean.slice(from) : out;
}

export function normalizeText(text: string): NormalizedText {
  const plain = PLAIN_ASCII.test(text);
  if (!plain && text.includes("\x1b")) return normalizeFully(text);
  // Most texts: the two strings cheaply, the position maps only if a rule quotes a match.
  const clean = plain ? collapsed(text.toLowerCase()) : cleanOnly(text);
  let full: ReturnType<typeof normalizeFully> | undefined;
  return {
    clean,
    squashed: squashedOf(clean),
    get cleanAt() {
      full ??= normalizeFully(text);
      return full.cleanAt;
    },
    get squashedAt() {
      full ??= normalizeFully(text);
      return full.squashedAt;
    },
  };
}
