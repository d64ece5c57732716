import { diffJson, MAX_ENTRIES } from "../scanner/definition-diff";
import { pointer } from "../scanner/walk";
import { makeVisible } from "../scanner/visible";

/**
 * An approved definition and the one now offered, each as indented JSON
 * lines for reading side by side, with what changed marked on each side: a
 * changed text only in the part that differs, an added, removed or retyped
 * value as a whole. Which paths changed comes from the scanner's own
 * structural diff (the one the rug-pull rule reports), so key order is never
 * a change. Pure, and bounded in the lines and characters it renders, so
 * that it can run on a worker thread (lib/worker-tasks.ts) for a large
 * definition and inline for a small one.
 */

/** One shown line; `mark` is the span of `text` that changed, when one did. */
export interface SideLine {
  text: string;
  mark?: [number, number];
}

export interface DefinitionSides {
  /** Null for a definition that was never approved (a new item). */
  before: SideLine[] | null;
  after: SideLine[];
  /** Changed, added and removed values. */
  changes: number;
  /** More changes than the diff lists: those past its limit are not marked. */
  capped: boolean;
  /** A side longer than the lines (or a text longer than the characters) shown here is cut, and says so in its last line. */
  truncated: boolean;
}

/** Lines of one side past which the rest is left out (a definition is rarely over a hundred). */
export const MAX_LINES = 1_500;
/** Characters of one text shown; the rest is left out, and the line says how much. */
export const MAX_TEXT = 8_000;

type Side = "before" | "after";
/**
 * What changed at a path, as seen from one side: only a text's differing
 * part, or the whole value (with its key, when the other side has no such key).
 */
type Change = { kind: "whole"; withKey: boolean } | { kind: "text"; other: string };

/**
 * A text as JSON shows it, except that line breaks and tabs stay as they are
 * (a description reads as written) and characters a person cannot see are
 * named (⟨U+200B⟩), since what is hidden is what a review must see.
 */
function quoted(text: string): { shown: string; cut: number } {
  const cut = Math.max(0, text.length - MAX_TEXT);
  const visible = makeVisible(cut ? text.slice(0, MAX_TEXT) : text);
  return { shown: `"${visible.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`, cut };
}

/** The span of `mine` that differs from `other`: what lies between their common start and common end. */
function differingSpan(mine: string, other: string): [number, number] {
  let start = 0;
  const shortest = Math.min(mine.length, other.length);
  while (start < shortest && mine[start] === other[start]) start++;
  let end = 0;
  while (end < shortest - start && mine[mine.length - 1 - end] === other[other.length - 1 - end]) end++;
  return [start, mine.length - end];
}

class Lines {
  readonly out: SideLine[] = [];
  truncated = false;

  constructor(private readonly changes: Map<string, Change>) {}

  get full() {
    return this.out.length >= MAX_LINES;
  }

  private push(line: SideLine) {
    if (this.full) {
      this.truncated = true;
      return;
    }
    this.out.push(line);
  }

  value(value: unknown, path: string, depth: number, label: string, comma: string, marked: boolean) {
    if (this.full) {
      this.truncated = true;
      return;
    }
    const indent = "  ".repeat(depth);
    const change = this.changes.get(path);
    const whole = marked || change?.kind === "whole";
    const lead = indent + label;
    // Inside a value added or removed whole, or at one whose key the other side lacks, the key is part of the change.
    const from = marked || (change?.kind === "whole" && change.withKey) ? indent.length : lead.length;
    if (value !== null && typeof value === "object") {
      const entries: [string, unknown, string][] = Array.isArray(value)
        ? value.map((v, i) => ["", v, pointer(path, i)])
        : Object.entries(value).map(([k, v]) => [`${JSON.stringify(k)}: `, v, pointer(path, k)]);
      const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
      const markLine = (text: string): SideLine => (whole ? { text, mark: [indent.length, text.length] } : { text });
      if (entries.length === 0) {
        this.push(markLine(`${lead}${open}${close}${comma}`));
        return;
      }
      this.push(markLine(`${lead}${open}`));
      entries.forEach(([childLabel, child, childPath], i) => this.value(child, childPath, depth + 1, childLabel, i < entries.length - 1 ? "," : "", whole));
      this.push(markLine(`${indent}${close}${comma}`));
      return;
    }
    if (typeof value === "string") {
      const { shown, cut } = quoted(value);
      const text = `${lead}${shown}${comma}${cut ? ` … ${cut.toLocaleString("en-US")} more characters not shown` : ""}`;
      if (cut) this.truncated = true;
      if (whole) this.push({ text, mark: [from, lead.length + shown.length] });
      else if (change?.kind === "text") {
        const [start, end] = differingSpan(shown, quoted(change.other).shown);
        this.push({ text, mark: [lead.length + start, lead.length + end] });
      } else this.push({ text });
      return;
    }
    const shown = JSON.stringify(value) ?? "null";
    const text = `${lead}${shown}${comma}`;
    this.push(whole || change ? { text, mark: [from, lead.length + shown.length] } : { text });
  }
}

function render(definition: unknown, changes: Map<string, Change>): { lines: SideLine[]; truncated: boolean } {
  const lines = new Lines(changes);
  lines.value(definition, "", 0, "", "", false);
  if (lines.truncated && lines.out.length >= MAX_LINES) lines.out.push({ text: `… the rest is longer than ${MAX_LINES.toLocaleString("en-US")} lines and not shown` });
  return { lines: lines.out, truncated: lines.truncated };
}

/** Each side's changed paths: a text changed for a text marks its differing part, anything else the whole value. */
function changesOf(entries: ReturnType<typeof diffJson>, side: Side): Map<string, Change> {
  const out = new Map<string, Change>();
  for (const entry of entries) {
    if (!(side in entry)) continue;
    const mine = entry[side];
    const other = entry[side === "before" ? "after" : "before"];
    const otherSide = side === "before" ? "after" : "before";
    out.set(entry.path, typeof mine === "string" && typeof other === "string" ? { kind: "text", other } : { kind: "whole", withKey: !(otherSide in entry) });
  }
  return out;
}

export function definitionSides(input: { before: unknown | null; after: unknown }): DefinitionSides {
  if (input.before === null) {
    const after = render(input.after, new Map());
    return { before: null, after: after.lines, changes: 0, capped: false, truncated: after.truncated };
  }
  const entries = diffJson(input.before, input.after);
  const before = render(input.before, changesOf(entries, "before"));
  const after = render(input.after, changesOf(entries, "after"));
  return {
    before: before.lines,
    after: after.lines,
    changes: entries.length,
    capped: entries.length >= MAX_ENTRIES,
    truncated: before.truncated || after.truncated,
  };
}
