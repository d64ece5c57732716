import { z } from "zod";

/**
 * Monitoring's API shapes, shared by the handlers and the console's pages.
 * Times are ISO strings; durations and latencies are milliseconds.
 */

export const UPTIME_WINDOWS = ["24h", "7d", "30d", "90d"] as const;
/** The windows a server's overview shows (its page prefetches them). */
export const OVERVIEW_UPTIME_WINDOWS = ["24h", "7d", "30d"] as const;
export type UptimeWindow = (typeof UPTIME_WINDOWS)[number];
/** Windows the free tier may read; longer ones need fullMonitoring. */
export const FREE_UPTIME_WINDOWS: readonly UptimeWindow[] = ["24h"];

export const uptimeQuery = z.object({ window: z.enum(UPTIME_WINDOWS).default("24h") });
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// With the server's status, whose source they are (lib/servers/schema.ts): servers do not import monitoring.
export { CHECK_RESULTS, CHECK_TRIGGERS, type CheckResult, type CheckTrigger } from "../servers/schema";

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type {
  CheckDto,
  CheckNowResponse,
  CheckPhases,
  ChecksPage,
  FleetOverview,
  IncidentDto,
  IncidentsPage,
  LatencyPercentiles,
  LatencyRangeDto,
  UptimeBucket,
  UptimeDto,
} from "./responses";

/** The latency chart's ranges: the short ones draw every check, the long ones the rollups' percentiles. */
export const LATENCY_RANGES = ["1h", "6h", "24h", "7d", "30d", "90d"] as const;
export type LatencyRange = (typeof LATENCY_RANGES)[number];
export const latencyQuery = z.object({ range: z.enum(LATENCY_RANGES).default("24h") });
