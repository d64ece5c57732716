/**
 * Many rows written as one JSON parameter, which the statement reads back
 * with `jsonb_to_recordset($1::jsonb) as r(column type, …)`. Drizzle builds
 * a statement of many parameters slowly, with a few type checks for each:
 * 250 rows of 7 columns held the event loop 30 to 60 ms, and a list of
 * 2,000 definitions took eight of those. A JSON array costs one
 * JSON.stringify per row, and the statement's text stays short.
 */

/** What one statement carries at most: a row larger than `chars` goes alone. */
export interface ChunkBounds {
  rows: number;
  chars: number;
}

// JSON.stringify writes a lone surrogate (half of a character, as a cut
// excerpt can end with) as an escape, \udXXX; PostgreSQL's JSON parser
// refuses it. Read escape by escape, so that an escaped backslash followed by
// "ud800" is not taken for one.
const ESCAPE = /\\(u(d[89a-f][0-9a-f]{2})|.)/g;

/**
 * A row as JSON, with each lone surrogate replaced by U+FFFD: what both
 * drivers send for one in a text parameter, where the rows were written one
 * parameter per column.
 */
export function rowJson(row: unknown): string {
  const json = JSON.stringify(row);
  return json.includes("\\ud") ? json.replace(ESCAPE, (escape, _, surrogate) => (surrogate ? "\\ufffd" : escape)) : json;
}

/** `rows` as JSON arrays within `bounds`, one per statement, in order. */
export function* jsonChunks(rows: readonly unknown[], bounds: ChunkBounds): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = rowJson(row);
    if (parts.length > 0 && (parts.length === bounds.rows || chars + json.length > bounds.chars)) {
      yield `[${parts.join(",")}]`;
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(",")}]`;
}
