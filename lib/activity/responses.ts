import { z, type ZodType } from "zod";
import { isoTime, nextCursor } from "../api/fields";
import type { ActivityDetails, ActivityPage } from "./schema";

/** The activity log's answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

export const activityPage = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      action: z.string().describe("What happened, e.g. `server.create`."),
      summary: z.string(),
      createdAt: isoTime,
      target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable(), href: z.string().nullable() }).nullable(),
    }),
  ),
  nextCursor,
}) satisfies ZodType<ActivityPage>;

export const activityDetailsResponse = z.object({
  id: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
}) satisfies ZodType<ActivityDetails>;

/** One event of the JSON export (the CSV export has the same columns). */
export const activityExport = z.array(
  z.object({
    id: z.string(),
    createdAt: isoTime,
    action: z.string(),
    summary: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    metadata: z.unknown(),
  }),
);
