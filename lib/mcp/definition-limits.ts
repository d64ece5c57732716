/**
 * What the console keeps of one definition a server lists. Nothing honest
 * comes near: of the 36 real servers in the scanner's corpus, the deepest
 * tool nests 16 levels (counting each object and array) and the largest
 * weighs 9 KiB. Past these, storing, hashing, scanning and showing a
 * definition would cost the service (or, nested thousands deep, overflow
 * the stack of every recursive reader), so the whole list is refused with a
 * reason the person can read, before anything is stored.
 */
export const MAX_DEFINITION_DEPTH = 64;
export const MAX_DEFINITION_CHARS = 256 * 1024;

/**
 * Why `definition` is beyond the limits, or null. Iterative, so that a
 * definition nested deeper than the stack allows is measured, not thrown on;
 * it stops at the first limit passed. The size counts strings, keys and
 * eight characters per other value: near enough to its JSON length.
 */
export function definitionProblem(definition: unknown): string | null {
  const values: unknown[] = [definition];
  const depths: number[] = [1];
  let chars = 0;
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value === "string") chars += value.length + 2;
    else if (value === null || typeof value !== "object") chars += 8;
    else if (depth > MAX_DEFINITION_DEPTH) return `is nested more than ${MAX_DEFINITION_DEPTH} levels deep`;
    else if (Array.isArray(value)) {
      for (const child of value) {
        chars += 2;
        values.push(child);
        depths.push(depth + 1);
      }
    } else {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        chars += key.length + 4;
        values.push((value as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
    if (chars > MAX_DEFINITION_CHARS) return `is larger than ${MAX_DEFINITION_CHARS / 1024} KiB`;
  }
  return null;
}
