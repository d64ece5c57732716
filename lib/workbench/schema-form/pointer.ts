/** JSON Pointer (RFC 6901) helpers: issues and fields are matched by pointer. */

export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** True when `pointer` is `ancestor` itself or lies below it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/**
 * A readable location such as `address › lines › 2` (array indices counted
 * from 1, as people do).
 */
export function describePointer(pointer: string): string {
  const parts = pointerSegments(pointer).map((s) => (/^\d+$/.test(s) ? String(Number(s) + 1) : s));
  return parts.length === 0 ? "Arguments" : parts.join(" › ");
}

/**
 * An HTML id fragment unique per pointer: every character outside [A-Za-z0-9]
 * is hex-escaped, so `-` (the separator) never comes from a key.
 */
export function pointerToId(pointer: string): string {
  return pointerSegments(pointer)
    .map((s) => s.replace(/[^A-Za-z0-9]/g, (c) => `_${c.codePointAt(0)!.toString(16)}_`))
    .map((s) => `-${s}`)
    .join("");
}
