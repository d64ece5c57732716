import { makeVisible } from "./visible";

/**
 * Short evidence excerpts: the matched text with a little context, at most
 * about 200 characters, invisible characters made visible and long runs of
 * blank lines or spaces (a way to push text out of sight) counted, not shown.
 */

const MAX_MATCH = 150;
const CONTEXT_BEFORE = 40;
const TOTAL = 200;

function compact(text: string): string {
  return text
    .replace(/\n(?:[ \t]*\n){2,}/g, (run) => `\n⟨${run.split("\n").length - 1} line breaks⟩\n`)
    .replace(/ {20,}/g, (run) => `⟨${run.length} spaces⟩`);
}

const visible = (text: string) => compact(makeVisible(text));

/** Cuts to at most `max` characters without splitting a ⟨…⟩ marker or a surrogate pair. */
function head(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  const open = text.lastIndexOf("⟨", cut);
  if (open !== -1 && text.indexOf("⟩", open) >= cut) cut = open;
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? "")) cut--;
  return `${text.slice(0, cut)}…`;
}

function tail(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.length - max;
  const close = text.indexOf("⟩", cut);
  if (close !== -1 && text.lastIndexOf("⟨", close) < cut) cut = close + 1;
  if (/[\uDC00-\uDFFF]/.test(text[cut] ?? "")) cut++;
  return `…${text.slice(cut)}`;
}

/** The excerpt of `text` around the original positions [start, end). */
export function excerpt(text: string, start: number, end: number): string {
  const match = head(visible(text.slice(start, end)), MAX_MATCH);
  const before = tail(visible(text.slice(Math.max(0, start - CONTEXT_BEFORE * 2), start)), CONTEXT_BEFORE);
  const room = Math.max(0, TOTAL - match.length - before.length);
  const after = room > 0 ? head(visible(text.slice(end, end + room * 2)), room) : end < text.length ? "…" : "";
  const lead = start > 0 && !before.startsWith("…") && start - CONTEXT_BEFORE * 2 > 0 ? "…" : "";
  return `${lead}${before}${match}${after}`.trim();
}

/** Original positions of a match found at [start, start + length) in a normalized form. */
export function originalSpan(at: readonly number[], source: string, start: number, length: number): [number, number] {
  const first = at[start] ?? 0;
  const lastAt = at[Math.max(start, start + length - 1)] ?? first;
  const cp = source.codePointAt(lastAt) ?? 0;
  return [first, lastAt + (cp > 0xffff ? 2 : 1)];
}
