import { z } from "zod";

/**
 * The keyset position after an event: its exact creation time (PostgreSQL
 * keeps microseconds, which a JS Date would round away) and its id, which
 * breaks ties between events of the same instant.
 */
export interface ActivityCursor {
  t: string;
  id: string;
}

const shape = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.uuid(),
});

export function encodeCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.t, cursor.id])).toString("base64url");
}

/** The cursor a client sent back, or null when it was not made by encodeCursor. */
export function decodeCursor(value: string): ActivityCursor | null {
  try {
    const [t, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    const parsed = shape.safeParse({ t, id });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
