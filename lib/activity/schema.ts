import { z } from "zod";
import { blankIsAbsent } from "../api-contract/query-params";
import { ACTIVITY_ACTIONS } from "./actions";

/**
 * The activity log's shapes, shared by the /activity page and the API.
 * Query strings arrive as text, so an empty value means "no filter".
 */

const instant = z.preprocess(
  blankIsAbsent,
  z.iso.datetime({ offset: true, error: "Use an ISO 8601 date and time, for example 2025-01-31T00:00:00Z." }).optional(),
);

const filterShape = {
  action: z.preprocess(blankIsAbsent, z.enum(ACTIVITY_ACTIONS, { error: "Unknown action." }).optional()),
  serverId: z.preprocess(blankIsAbsent, z.uuid({ error: "serverId must be a server id." }).optional()),
  /** Inclusive lower bound. */
  from: instant,
  /** Exclusive upper bound. */
  to: instant,
};

function orderedRange<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), {
    error: "The start of the range must be before its end.",
    path: ["to"],
  });
}

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { ActivityDetails, ActivityItem, ActivityPage, ActivityTarget } from "./responses";

export const activityFilters = orderedRange(z.object(filterShape));
export type ActivityFilters = z.infer<typeof activityFilters>;

export const ACTIVITY_PAGE_MAX = 100;

export const activityListQuery = orderedRange(
  z.object({
    ...filterShape,
    cursor: z.preprocess(blankIsAbsent, z.string().max(200).optional()),
    limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(25)),
  }),
);

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const activityExportQuery = orderedRange(
  z.object({ ...filterShape, format: z.enum(EXPORT_FORMATS, { error: "format must be csv or json." }).default("csv") }),
);

/** The columns of the CSV export, in order; the JSON export uses the same names. */
export const EXPORT_COLUMNS = [
  "id",
  "createdAt",
  "action",
  "summary",
  "targetType",
  "targetId",
  "ip",
  "userAgent",
  "metadata",
] as const;

export function exportFileName(format: ExportFormat, now = new Date()): string {
  return `mcp-console-activity-${now.toISOString().slice(0, 10)}.${format}`;
}
