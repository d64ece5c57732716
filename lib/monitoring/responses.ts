import { z } from "zod";
import { isoTime, nextCursor } from "../api-contract/fields";
import { CHECK_RESULTS, CHECK_TRIGGERS, LATENCY_RANGES, UPTIME_WINDOWS } from "./schema";
import { SERVER_STATUSES } from "../servers/schema";

/**
 * Monitoring's answers: one zod schema each, its type inferred from it
 * (re-exported by ./schema.ts; see lib/servers/responses.ts). Times are ISO
 * strings; durations and latencies are milliseconds.
 */

const ms = z.number().nullable();

/** How long each phase of a check took; null when the check did not reach it. */
const checkPhases = z.object({ connectMs: ms, initializeMs: ms, pingMs: ms, listMs: ms });
export type CheckPhases = z.infer<typeof checkPhases>;

/** One check, as `POST /api/servers/{id}/check` and the history return it. */
const checkDto = z.object({
  id: z.string(),
  dueAt: isoTime,
  startedAt: isoTime,
  trigger: z.enum(CHECK_TRIGGERS),
  result: z.enum(CHECK_RESULTS),
  /** Handshake to ping. */
  latencyMs: ms,
  phases: checkPhases,
  /** McpFailureKind of a failed (or degraded) check. */
  failureKind: z.string().nullable(),
  reason: z.string().nullable(),
  toolCount: z.number().int().nullable(),
  toolsChanged: z.boolean(),
});
export type CheckDto = z.infer<typeof checkDto>;

/** `POST /api/servers/{id}/check`: the check and the server's status after it. */
export const checkNowResponse = z.object({ check: checkDto, status: z.enum(SERVER_STATUSES) });
export type CheckNowResponse = z.infer<typeof checkNowResponse>;

/** `GET /api/servers/{id}/checks`: newest first. */
export const checksPage = z.object({ checks: z.array(checkDto), nextCursor });
export type ChecksPage = z.infer<typeof checksPage>;

const incidentDto = z.object({
  id: z.string(),
  openedAt: isoTime,
  closedAt: isoTime.nullable(),
  /** Seconds from opening to closing; null while open. */
  durationSec: z.number().nullable(),
  failureKind: z.string().nullable(),
  reason: z.string(),
  failedChecks: z.number().int(),
});
export type IncidentDto = z.infer<typeof incidentDto>;

/** `GET /api/servers/{id}/incidents`: newest first. */
export const incidentsPage = z.object({ incidents: z.array(incidentDto), nextCursor });
export type IncidentsPage = z.infer<typeof incidentsPage>;

const latencyPercentiles = z.object({ p50: z.number(), p95: z.number(), p99: z.number() });
export type LatencyPercentiles = z.infer<typeof latencyPercentiles>;

/** One bucket of a window's series (an hour for 24 h, longer for longer windows; 90 buckets at most). */
const uptimeBucket = z.object({
  start: isoTime,
  end: isoTime,
  checks: z.number().int(),
  failed: z.number().int(),
  degraded: z.number().int(),
  /** null when no check ran in the bucket. */
  uptimePct: z.number().nullable(),
  latency: latencyPercentiles.nullable(),
});
export type UptimeBucket = z.infer<typeof uptimeBucket>;

/** `GET /api/servers/{id}/uptime?window=…`. */
export const uptimeDto = z.object({
  window: z.enum(UPTIME_WINDOWS),
  from: isoTime,
  to: isoTime,
  checks: z.number().int(),
  failed: z.number().int(),
  /** Checks that were not failed, over all checks; null with no checks. */
  uptimePct: z.number().nullable(),
  latency: latencyPercentiles.nullable(),
  incidents: z.number().int(),
  series: z.array(uptimeBucket),
});
export type UptimeDto = z.infer<typeof uptimeDto>;

/** `GET /api/servers/{id}/latency?range=…`: one point per check (1 h, 6 h) or p50/p95 per period (24 h and longer), and the incidents to mark. */
export const latencyRangeDto = z.object({
  range: z.enum(LATENCY_RANGES),
  from: isoTime,
  to: isoTime,
  /** Oldest first; empty for the ranges drawn from the rollups. */
  checks: z.array(z.object({ at: isoTime, result: z.enum(CHECK_RESULTS), latencyMs: z.number().nullable() })),
  /** The periods of the range with their percentiles; empty for the ranges drawn check by check. */
  series: z.array(uptimeBucket),
  /** Incidents open at some time in the range, oldest first. */
  incidents: z.array(z.object({ openedAt: isoTime, closedAt: isoTime.nullable() })),
});
export type LatencyRangeDto = z.infer<typeof latencyRangeDto>;

/** The dashboard's fleet overview (a field of `GET /api/dashboard`). */
export const fleetOverview = z.object({
  byStatus: z.object(Object.fromEntries(SERVER_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof SERVER_STATUSES)[number], z.ZodNumber>),
  /** Servers down now, longest first. */
  downNow: z.array(z.object({ id: z.string(), name: z.string(), since: isoTime.nullable() })),
  openIncidents: z.number().int(),
  /** Over every monitored server's checks in the last 24 h; null with no checks. */
  uptime24hPct: z.number().nullable(),
});
export type FleetOverview = z.infer<typeof fleetOverview>;
