import { z } from "zod";

/** A moment as the API writes it: `Date.toISOString()`. Shared by the answers' schemas in lib/<domain>/responses.ts. */
export const isoTime = z.iso.datetime({ offset: true });

/** A page's cursor: null on the last page. */
export const nextCursor = z.string().nullable().describe("Pass it as `cursor` for the next page; null on the last one.");

/** A server named in another entity's answer. */
export const serverRef = z.object({ id: z.string(), name: z.string() });
