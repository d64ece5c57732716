import { z } from "zod";
import { isoTime, nextCursor } from "../api-contract/fields";

/** The activity log's answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

const activityTarget = z.object({
  type: z.string(),
  id: z.string(),
  /** The server's current name, when the target is one of the user's servers. */
  label: z.string().nullable(),
  /** Where the target lives in the app; null when it no longer exists there. */
  href: z.string().nullable(),
});
export type ActivityTarget = z.infer<typeof activityTarget>;

/** One row of the log as the API lists it; details come from GET /api/activity/{id}. */
const activityItem = z.object({
  id: z.string(),
  action: z.string().describe("What happened, e.g. `server.create`."),
  summary: z.string(),
  createdAt: isoTime,
  target: activityTarget.nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityPage = z.object({
  events: z.array(activityItem),
  /** Opaque; pass it back as `cursor` for the next (older) page. Null at the end. */
  nextCursor,
});
export type ActivityPage = z.infer<typeof activityPage>;

export const activityDetailsResponse = z.object({
  id: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActivityDetails = z.infer<typeof activityDetailsResponse>;

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
