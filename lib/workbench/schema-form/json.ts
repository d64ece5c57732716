/** Structural equality for JSON values (key order ignored), as `enum`, `const` and `uniqueItems` need. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && jsonEqual(ra[k], rb[k]));
}

/** A deep copy of a JSON value (defaults and consts must not be shared with the schema). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses JSON typed by a person; the error names the line and column when the engine gives a position. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    const position = /at position (\d+)/.exec(raw);
    const detail = raw.replace(/ \(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+/, "");
    if (!position) return { ok: false, error: `Invalid JSON: ${detail}` };
    const before = text.slice(0, Number(position[1]));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    return { ok: false, error: `Invalid JSON at line ${line}, column ${column}: ${detail}` };
  }
}

/** A short one-line rendering of a JSON value, for option labels and messages. */
export function jsonLabel(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
}
