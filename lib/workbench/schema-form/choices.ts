import { cloneJson, jsonEqual } from "./json";

/**
 * The list after one option is checked or unchecked: the checked options in
 * the order the schema gives them, followed by any value the list held that
 * is not an option (from a call run again), which the form does not drop.
 */
export function toggleChoice(options: unknown[], chosen: unknown[], option: unknown, checked: boolean): unknown[] {
  const has = (list: unknown[], v: unknown) => list.some((c) => jsonEqual(c, v));
  const kept = options.filter((o) => (jsonEqual(o, option) ? checked : has(chosen, o)));
  const strangers = chosen.filter((c) => !has(options, c));
  return [...kept.map(cloneJson), ...strangers];
}
