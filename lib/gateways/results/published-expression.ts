import RE2 from "re2";

/**
 * A JavaScript regular expression published in a secret scanner's ruleset
 * (secretlint's, sensitive-canary's), read for RE2 so that it runs in time
 * linear in the text (docs/gateways.md, "The secrets ruleset"):
 *
 * - these rulesets bound a token by lookarounds, which RE2 has not: a leading
 *   `(?<!X)` and a trailing `(?!X)` are taken off the expression and checked
 *   on the character before and after the match (for a run of one class
 *   bounded by the same class, as each of them is, that is what the
 *   lookaround says); any other lookaround makes the expression one RE2
 *   cannot compile, and `readExpression` throws;
 * - the literal texts a match can start with (`figd_`; `ghp_`, `gho_`… for
 *   `gh[pousr]_`), or else a literal every match holds further on (`:AA`),
 *   are the rule's keywords for the prefilter, taken from the expression; an
 *   expression with no such literal of 3 characters or more has none, and
 *   runs on every text.
 */

export interface ReadExpression {
  /** Global, Unicode, with each group's indices. */
  regex: RE2;
  keywords?: string[];
  /** A character that may not come just before the match, or just after it (the lookarounds taken off). */
  notBefore?: RE2;
  notAfter?: RE2;
}

const LEADING = /^\(\?<!((?:\\.|\[(?:\\.|[^\]\\])*\]|[^()\\[])+)\)/;
const TRAILING = /\(\?!((?:\\.|\[(?:\\.|[^\]\\])*\]|[^()\\[])+)\)$/;

/** A regex source's top-level alternatives (`a|b`), split outside groups and classes. */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(source.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, source.slice(from)];
}

const META = new Set([..."\\^$.|?*+()[]{}"]);
const QUANTIFIER = new Set([..."?*+{"]);
/** A class of a few literal characters (`[pousr]`), whose characters are read as alternatives. */
const SMALL_CLASS = /^[A-Za-z0-9_]{1,8}$/;
/** More literal starts than this and the expression is read as having none. */
const MOST_STARTS = 64;

/** Where the class or group opened at `from` closes (the index of its `]` or `)`), or -1. */
function closing(source: string, from: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) {
      if (c === "]") {
        inClass = false;
        if (source[from] === "[") return i;
      }
    } else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

interface Start {
  text: string;
  /** Whether the sequence was literal up to the end of this text, so what follows it still adds to it. */
  open: boolean;
}

/**
 * The literal texts a sequence (no top-level `|`) starts with: its literal
 * characters up to the first character that is not one; a group's own
 * alternatives and a small class's characters multiply them; an atom under a
 * quantifier ends the start before it.
 */
function startsOf(seq: string): Start[] {
  let starts: Start[] = [{ text: "", open: true }];
  let i = 0;
  while (i < seq.length && starts.some((s) => s.open)) {
    const c = seq[i];
    if (c === "\\" && seq[i + 1] === "b") {
      i += 2;
      continue;
    }
    let atom: Start[] | null = null;
    let end = i + 1;
    if (c === "\\" && /[^A-Za-z0-9]/.test(seq[i + 1] ?? "")) {
      atom = [{ text: seq[i + 1], open: true }];
      end = i + 2;
    } else if (c === "[") {
      end = closing(seq, i) + 1;
      const inner = seq.slice(i + 1, end - 1);
      if (end > 0 && SMALL_CLASS.test(inner)) atom = [...inner].map((ch) => ({ text: ch, open: true }));
    } else if (c === "(") {
      end = closing(seq, i) + 1;
      const inner = seq.slice(i + 1, end - 1).replace(/^\?(?::|<[A-Za-z_][A-Za-z0-9_]*>)/, "");
      if (end > 0 && !inner.startsWith("?")) atom = alternatives(inner).flatMap(startsOf);
    } else if (!META.has(c)) atom = [{ text: c, open: true }];
    const next = atom;
    if (!next || QUANTIFIER.has(seq[end] ?? "")) return starts.map((s) => ({ ...s, open: false }));
    starts = starts.flatMap((s) => (s.open ? next.map((a) => ({ text: s.text + a.text, open: a.open })) : [s]));
    if (starts.length > MOST_STARTS) return [{ text: "", open: false }];
    i = end;
  }
  return starts;
}

/** Where the atom at `i` (a character, an escape, a class or a group) and its quantifier end. */
function atomEnd(seq: string, i: number): number {
  let end = seq[i] === "\\" ? i + 2 : seq[i] === "[" || seq[i] === "(" ? closing(seq, i) + 1 : i + 1;
  if (end <= i) return seq.length;
  if (seq[end] === "{") end = seq.indexOf("}", end) + 1 || seq.length;
  else if (QUANTIFIER.has(seq[end] ?? "")) end++;
  if (seq[end] === "?") end++;
  return end;
}

/** The shortest of a list of literal texts (empty when there are too many to look for). */
const shortest = (starts: Start[]) => (starts.length > MOST_STARTS ? 0 : Math.min(...starts.map((s) => s.text.length)));

/**
 * What every match of one alternative holds: its literal starts when none is
 * shorter than 3 characters, else the literal texts that follow one of its
 * atoms (`:AA` in `[0-9]{6,12}:AA…`), the longest such, since every match of
 * a sequence holds a match of each of its parts.
 */
function heldBy(alt: string): Start[] {
  let best = startsOf(alt);
  for (let i = atomEnd(alt, 0); i < alt.length && shortest(best) < 3; i = atomEnd(alt, i)) {
    const from = startsOf(alt.slice(i));
    if (shortest(from) > shortest(best)) best = from;
  }
  return best;
}

/** The rule's keywords: what every alternative holds, lowercased; none when one of them is shorter than 3 characters. */
function keywordsOf(source: string): string[] | undefined {
  const words = alternatives(source)
    .flatMap(heldBy)
    .map((s) => s.text.toLowerCase());
  return words.every((w) => w.length >= 3) ? [...new Set(words)] : undefined;
}

/** One character's class, as a lookaround held it. */
const oneChar = (atom: string, ignoreCase: boolean) => new RE2(`^(?:${atom})`, ignoreCase ? "iu" : "u");

/** `source` with JavaScript's `flags` (only `i` and `m` carry over), read for RE2; throws when RE2 cannot compile it. */
export function readExpression(source: string, flags: string): ReadExpression {
  let body = source;
  const before = LEADING.exec(body);
  if (before) body = body.slice(before[0].length);
  const after = TRAILING.exec(body);
  if (after) body = body.slice(0, -after[0].length);
  const ignoreCase = flags.includes("i");
  return {
    regex: new RE2(body, `g${ignoreCase ? "i" : ""}${flags.includes("m") ? "m" : ""}ud`),
    keywords: keywordsOf(body),
    notBefore: before ? oneChar(before[1], ignoreCase) : undefined,
    notAfter: after ? oneChar(after[1], ignoreCase) : undefined,
  };
}
