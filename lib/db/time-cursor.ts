import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { badRequest } from "../http/errors";

/**
 * Keyset pagination over lists kept newest first: the position after a row
 * is its exact time (PostgreSQL keeps microseconds, which a JS Date would
 * round away) and its id, which breaks ties between rows of the same instant.
 * Rows added meanwhile are newer than any cursor, so they never shift a page
 * or repeat a row.
 */
export interface TimeCursor {
  t: string;
  id: string;
}

const shape = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.uuid(),
});

export function encodeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.t, cursor.id])).toString("base64url");
}

/** The cursor a client sent back, or null when it was not made by encodeCursor. */
export function decodeCursor(value: string): TimeCursor | null {
  try {
    const [t, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    const parsed = shape.safeParse({ t, id });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A client's cursor, none for the first page; 400 for one this code did not make. */
export function parseCursor(value: string | undefined): TimeCursor | null {
  if (!value) return null;
  const cursor = decodeCursor(value);
  if (!cursor) throw badRequest("The cursor is not valid. Start again from the first page.");
  return cursor;
}

/**
 * The page out of `rows`, fetched with a limit of `size + 1` so that one
 * more row tells whether a next page exists; its cursor points after the
 * page's last row, whose exact time `timeOf` gives.
 */
export function keysetPage<R extends { id: string }>(rows: R[], size: number, timeOf: (row: R) => string): { shown: R[]; nextCursor: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > size && last ? encodeCursor({ t: timeOf(last), id: last.id }) : null };
}

/** A timestamp column as text with all six fractional digits, for cursors and exports. */
export const exactTime = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after `cursor` in newest-first order of (`time`, `id`). */
export const olderThan = (time: AnyColumn, id: AnyColumn, cursor: TimeCursor): SQL =>
  sql`(${time}, ${id}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`;
