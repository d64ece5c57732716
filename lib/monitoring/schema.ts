import { z } from "zod";
import type { CheckResult, CheckTrigger, ServerStatus } from "../servers/schema";

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

/** How long each phase of a check took; null when the check did not reach it. */
export interface CheckPhases {
  connectMs: number | null;
  initializeMs: number | null;
  pingMs: number | null;
  listMs: number | null;
}

/** One check, as `POST /api/servers/{id}/check` and the history return it. */
export interface CheckDto {
  id: string;
  dueAt: string;
  startedAt: string;
  trigger: CheckTrigger;
  result: CheckResult;
  /** Handshake to ping. */
  latencyMs: number | null;
  phases: CheckPhases;
  /** McpFailureKind of a failed (or degraded) check. */
  failureKind: string | null;
  reason: string | null;
  toolCount: number | null;
  toolsChanged: boolean;
}

/** `POST /api/servers/{id}/check`: the check and the server's status after it. */
export interface CheckNowResponse {
  check: CheckDto;
  status: ServerStatus;
}

/** `GET /api/servers/{id}/checks`: newest first. */
export interface ChecksPage {
  checks: CheckDto[];
  nextCursor: string | null;
}

export interface LatencyPercentiles {
  p50: number;
  p95: number;
  p99: number;
}

/** One bucket of a window's series (an hour for 24 h, longer for longer windows; 90 buckets at most). */
export interface UptimeBucket {
  start: string;
  end: string;
  checks: number;
  failed: number;
  degraded: number;
  /** null when no check ran in the bucket. */
  uptimePct: number | null;
  latency: LatencyPercentiles | null;
}

/** The latency chart's ranges: the short ones draw every check, the long ones the rollups' percentiles. */
export const LATENCY_RANGES = ["1h", "6h", "24h", "7d", "30d", "90d"] as const;
export type LatencyRange = (typeof LATENCY_RANGES)[number];
export const latencyQuery = z.object({ range: z.enum(LATENCY_RANGES).default("24h") });

/** `GET /api/servers/{id}/latency?range=…`: one point per check (1 h, 6 h) or p50/p95 per period (24 h and longer), and the incidents to mark. */
export interface LatencyRangeDto {
  range: LatencyRange;
  from: string;
  to: string;
  /** Oldest first; empty for the ranges drawn from the rollups. */
  checks: { at: string; result: CheckResult; latencyMs: number | null }[];
  /** The periods of the range with their percentiles; empty for the ranges drawn check by check. */
  series: UptimeBucket[];
  /** Incidents open at some time in the range, oldest first. */
  incidents: { openedAt: string; closedAt: string | null }[];
}

/** `GET /api/servers/{id}/uptime?window=…`. */
export interface UptimeDto {
  window: UptimeWindow;
  from: string;
  to: string;
  checks: number;
  failed: number;
  /** Checks that were not failed, over all checks; null with no checks. */
  uptimePct: number | null;
  latency: LatencyPercentiles | null;
  incidents: number;
  series: UptimeBucket[];
}

export interface IncidentDto {
  id: string;
  openedAt: string;
  closedAt: string | null;
  /** Seconds from opening to closing; null while open. */
  durationSec: number | null;
  failureKind: string | null;
  reason: string;
  failedChecks: number;
}

/** `GET /api/servers/{id}/incidents`: newest first. */
export interface IncidentsPage {
  incidents: IncidentDto[];
  nextCursor: string | null;
}

/** The dashboard's fleet overview (a field of `GET /api/dashboard`). */
export interface FleetOverview {
  byStatus: Record<ServerStatus, number>;
  /** Servers down now, longest first. */
  downNow: { id: string; name: string; since: string | null }[];
  openIncidents: number;
  /** Over every monitored server's checks in the last 24 h; null with no checks. */
  uptime24hPct: number | null;
}
