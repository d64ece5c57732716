import type { DefinitionDiff } from "./types";
import { pointer } from "./walk";

/**
 * What changed between two JSON values, as JSON pointers with the value on
 * each side: one entry per changed leaf, per added or removed key, per
 * added or removed array item. Key order never counts as a change.
 */

type Entry = DefinitionDiff["entries"][number];

/** A pathological change (a schema rewritten from scratch) is summarized, not listed in full. */
export const MAX_ENTRIES = 200;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function walk(before: unknown, after: unknown, path: string, out: Entry[]) {
  if (out.length >= MAX_ENTRIES) return;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const k of keys) {
      const b = before[k];
      const a = after[k];
      if (b === undefined && a === undefined) continue;
      if (b === undefined) out.push({ path: pointer(path, k), after: a });
      else if (a === undefined) out.push({ path: pointer(path, k), before: b });
      else walk(b, a, pointer(path, k), out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) out.push({ path: pointer(path, i), before: before[i] });
      else if (i >= before.length) out.push({ path: pointer(path, i), after: after[i] });
      else walk(before[i], after[i], pointer(path, i), out);
    }
    return;
  }
  if (before !== after) out.push({ path, before, after });
}

export function diffJson(before: unknown, after: unknown): Entry[] {
  const out: Entry[] = [];
  walk(before, after, "", out);
  return out;
}
