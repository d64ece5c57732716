import { excerpt } from "../evidence";
import { finding, severityRank } from "../findings";
import { ansiEnd } from "../text/normalize";
import type { Finding, Rule, Severity } from "../types";
import { PICTOGRAPH, makeVisible } from "../visible";
import { findInTexts, type TextSite } from "../walk";

/**
 * Content a person reviewing a definition would not see but a model reads:
 * invisible and direction-changing characters, Unicode tag characters that
 * spell out ASCII, ANSI escape sequences that hide or overwrite text in a
 * terminal, HTML and Markdown comments, encoded blobs, and text pushed out of
 * sight by blank lines or spaces.
 */

interface Hit {
  severity: Severity;
  start: number;
  end: number;
  /** Appended to the excerpt: what the hidden part says. */
  note?: string;
}

const BIDI = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
const MARKS = new Set([0x200e, 0x200f, 0x061c]);
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x180e, 0x00ad, 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0]);
/** Scripts that use the zero-width non-joiner and joiner in ordinary words. */
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}]/u;
const BLACK_FLAG = 0x1f3f4;


const printableShare = (s: string) => (s.length === 0 ? 0 : (s.match(/[\x20-\x7e\t\n]/g)?.length ?? 0) / s.length);
const preview = (s: string) => `"${makeVisible(s.slice(0, 80))}${s.length > 80 ? "…" : ""}"`;

function charHits(text: string, hits: Hit[]) {
  let tags = "";
  let tagStart = -1;
  let tagEnd = -1;
  let zeroWidth = 0;
  let zwStart = -1;
  let selectors = 0;
  let selStart = -1;
  let previous = 0;
  const flush = () => {
    if (tagStart < 0) return;
    hits.push({ severity: tags.length >= 4 ? "critical" : "high", start: tagStart, end: tagEnd, note: `tag characters spell ${preview(tags)}` });
    tags = "";
    tagStart = -1;
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const next = text.codePointAt(i + width) ?? 0;
    if (cp >= 0xe0000 && cp <= 0xe007f) {
      // Flag emoji (England, Scotland, Wales) are the black flag followed by tag letters: that is their only ordinary use.
      if (tagStart < 0 && previous !== BLACK_FLAG) tagStart = i;
      if (tagStart >= 0) {
        if (cp >= 0xe0020 && cp <= 0xe007e) tags += String.fromCharCode(cp - 0xe0000);
        tagEnd = i + width;
      }
      i += width;
      continue;
    }
    flush();
    if (cp === 0x1b || cp === 0x9b) {
      const end = cp === 0x1b ? ansiEnd(text, i) : i + 1;
      const sequence = text.slice(i, end);
      const hides = /\x1b\[[0-9;]*8m|\x1b\[[0-9;]*[A-HJKSTfsu]|\x1b\]/.test(sequence);
      hits.push({ severity: hides ? "critical" : "high", start: i, end });
      i = Math.max(end, i + 1);
      previous = cp;
      continue;
    }
    if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && !(cp === 0x0d && next === 0x0a)) || (cp >= 0x7f && cp <= 0x9f)) {
      // Backspace and a lone carriage return overwrite what a terminal already printed.
      hits.push({ severity: "high", start: i, end: i + width });
    } else if (BIDI.has(cp)) {
      hits.push({ severity: "high", start: i, end: i + width });
    } else if (MARKS.has(cp)) {
      hits.push({ severity: "low", start: i, end: i + width });
    } else if (ZERO_WIDTH.has(cp)) {
      const prev = String.fromCodePoint(previous);
      const after = String.fromCodePoint(next);
      const emojiJoin = cp === 0x200d && PICTOGRAPH.test(prev) && PICTOGRAPH.test(after);
      const scriptJoin = (cp === 0x200c || cp === 0x200d) && JOINING_SCRIPT.test(prev);
      const bom = cp === 0xfeff && i === 0;
      if (!emojiJoin && !scriptJoin && !bom) {
        if (zwStart < 0) zwStart = i;
        zeroWidth++;
      }
    } else if ((cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0xfe00 && cp <= 0xfe0f && !PICTOGRAPH.test(String.fromCodePoint(previous)))) {
      if (selStart < 0) selStart = i;
      selectors++;
    }
    previous = cp >= 0xfe00 && cp <= 0xfe0f ? previous : cp;
    i += width;
  }
  flush();
  if (zeroWidth > 0) hits.push({ severity: zeroWidth >= 8 ? "high" : "medium", start: zwStart, end: zwStart + 1, note: `${zeroWidth} zero-width characters` });
  if (selectors > 0) hits.push({ severity: selectors >= 4 ? "high" : "medium", start: selStart, end: selStart + 2, note: `${selectors} variation selectors outside emoji` });
}

const COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
const MARKDOWN_COMMENT = /^[ \t]*\[(?:\/\/|comment|_)\]:\s*(?:#|<>)\s*[("]?[^\n]*/gim;
const CSS_HIDDEN = /style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|color\s*:\s*(?:white|#fff(?:fff)?\b|transparent))/gi;
/** A long run of base64 or hex digits (an optional 0x included): decoded below to see what it says. */
const LONG_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const ESCAPED_BYTES = /(?:\\x[0-9a-fA-F]{2}){8,}|(?:\\u[0-9a-fA-F]{4}){8,}|(?:%[0-9a-fA-F]{2}){12,}/g;
// The runs below are matched greedily and whatever must follow them is checked
// in code: a lookahead after an unbounded run makes a failed search retry
// from every position of the run, quadratic on text a server chooses.
const BLANK_LINES = /\n(?:[ \t]*\r?\n){4,}[ \t]*/g;
const SPACES = /[ \t]{80,}/g;
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Whether the run that ends at `end` is followed by visible text. */
const textFollows = (text: string, end: number) => end < text.length && /\S/.test(text[end]);
const NAME_FIELDS = new Set(["name", "property-name", "argument-name", "uri"]);
/** Greek and Cyrillic: the scripts whose letters pass for Latin ones. */
const LOOK_ALIKE_SCRIPTS = /[\u0370-\u03ff\u0400-\u052f]/;

function decodeBase64(blob: string): string {
  try {
    return Buffer.from(blob.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
  } catch {
    return "";
  }
}

function decodeEscaped(blob: string): string {
  return blob.replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})/g, (_, x, u, p) => String.fromCharCode(parseInt(x ?? u ?? p, 16)));
}

const PATH_SEGMENT = /^(?:[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*|\d+)$/;

/** A JSON pointer or path made of words ("properties/contents/anyOf/0/…"): base64's alphabet, not its randomness. */
function isWordPath(run: string): boolean {
  const segments = run.split("/").filter(Boolean);
  return segments.length >= 3 && segments.every((s) => PATH_SEGMENT.test(s));
}

function patternHits(site: TextSite, hits: Hit[]) {
  const { text } = site;
  if (text.includes("<!--")) for (const m of text.matchAll(COMMENT)) {
    const words = (m[1] ?? "").trim().split(/\s+/).filter(Boolean).length;
    hits.push({ severity: words >= 3 ? "medium" : "low", start: m.index, end: m.index + m[0].length });
  }
  if (text.includes("]:")) for (const m of text.matchAll(MARKDOWN_COMMENT)) hits.push({ severity: "medium", start: m.index, end: m.index + m[0].length });
  if (/style/i.test(text)) for (const m of text.matchAll(CSS_HIDDEN)) hits.push({ severity: "high", start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(LONG_RUN)) {
    const run = m[0];
    const digits = run.replace(/^0x/, "");
    if (/^[0-9a-fA-F]+$/.test(digits)) {
      if (digits.length < 64) continue;
      const decoded = Buffer.from(digits.slice(0, digits.length - (digits.length % 2)), "hex").toString("latin1");
      const readable = printableShare(decoded) > 0.9;
      // 64 and 128 digits are SHA-256 and SHA-512 digests, ordinary in examples.
      if (!readable && digits.length < 160) continue;
      hits.push({ severity: readable ? "high" : "medium", start: m.index, end: m.index + run.length, note: readable ? `decodes to ${preview(decoded)}` : undefined });
      continue;
    }
    if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9]/.test(run) || isWordPath(run)) continue;
    const decoded = decodeBase64(run);
    const readable = decoded.length >= 20 && printableShare(decoded) > 0.9;
    const severity: Severity = readable ? "high" : run.length >= 100 ? "medium" : "low";
    hits.push({ severity, start: m.index, end: m.index + run.length, note: readable ? `decodes to ${preview(decoded)}` : undefined });
  }
  if (/\\[xu]|%[0-9a-fA-F]/.test(text)) for (const m of text.matchAll(ESCAPED_BYTES)) {
    const decoded = decodeEscaped(m[0]);
    const readable = printableShare(decoded) > 0.9;
    hits.push({ severity: readable ? "high" : "medium", start: m.index, end: m.index + m[0].length, note: `decodes to ${preview(decoded)}` });
  }
  for (const m of text.matchAll(BLANK_LINES)) {
    if (!textFollows(text, m.index + m[0].length)) continue;
    const breaks = m[0].split("\n").length - 1;
    const end = Math.min(text.length, m.index + m[0].length + 60);
    hits.push({ severity: breaks >= 10 ? "high" : "medium", start: m.index, end });
  }
  if (text.includes("          ")) for (const m of text.matchAll(SPACES)) {
    if (!textFollows(text, m.index + m[0].length)) continue;
    hits.push({ severity: "medium", start: m.index, end: Math.min(text.length, m.index + m[0].length + 60) });
  }
  if (LOOK_ALIKE_SCRIPTS.test(text)) {
    for (const m of text.matchAll(WORD)) {
      if (!LATIN.test(m[0]) || !CYRILLIC_OR_GREEK.test(m[0])) continue;
      const inName = NAME_FIELDS.has(site.field);
      hits.push({ severity: inName ? "high" : "medium", start: m.index, end: m.index + m[0].length, note: "letters from more than one script in one word" });
    }
  }
}

/** Anything beyond printable ASCII, tabs and single line breaks needs the character scan. */
const UNUSUAL = /[^\x20-\x7e\t\n]|\n[ \t]*\n/;

function checkSite(site: TextSite): Finding | null {
  const hits: Hit[] = [];
  if (UNUSUAL.test(site.text)) charHits(site.text, hits);
  patternHits(site, hits);
  if (hits.length === 0) return null;
  const lead = hits.reduce((a, b) => (severityRank(b.severity) < severityRank(a.severity) ? b : a));
  const quote = excerpt(site.text, lead.start, lead.end);
  return finding(hiddenContent, lead.severity, site.target, lead.note ? `${quote} — ${lead.note}` : quote);
}

export const hiddenContent: Rule = {
  id: "hidden-content",
  title: "Hidden content",
  severity: "high",
  tier: "basic",
  reads: "Every text the server shows the model, character by character.",
  remediation:
    "Treat the definition as hostile until the hidden part is explained: a model reads invisible characters, escape sequences, comments and encoded text that you do not see. Ask the maintainer to remove them, or remove the server.",
  check(input) {
    return findInTexts(input, (site) => checkSite(site));
  },
};
