import { z, type ZodType } from "zod";
import { isoTime, nextCursor } from "../api/fields";
import type { CheckNowResponse, ChecksPage, FleetOverview, IncidentsPage, LatencyRangeDto, UptimeDto } from "./schema";
import { CHECK_RESULTS, CHECK_TRIGGERS, LATENCY_RANGES, UPTIME_WINDOWS } from "./schema";
import { SERVER_STATUSES } from "../servers/schema";

/**
 * Monitoring's answers as zod schemas, for the API reference; typed against
 * the interfaces of lib/monitoring/schema.ts that the service builds them with.
 */

const ms = z.number().nullable();

const checkDto = z.object({
  id: z.string(),
  dueAt: isoTime,
  startedAt: isoTime,
  trigger: z.enum(CHECK_TRIGGERS),
  result: z.enum(["up", "degraded", "failed"]),
  latencyMs: ms,
  phases: z.object({ connectMs: ms, initializeMs: ms, pingMs: ms, listMs: ms }),
  failureKind: z.string().nullable(),
  reason: z.string().nullable(),
  toolCount: z.number().int().nullable(),
  toolsChanged: z.boolean(),
});

export const checkNowResponse = z.object({ check: checkDto, status: z.enum(SERVER_STATUSES) }) satisfies ZodType<CheckNowResponse>;

export const checksPage = z.object({ checks: z.array(checkDto), nextCursor }) satisfies ZodType<ChecksPage>;

export const incidentsPage = z.object({
  incidents: z.array(
    z.object({
      id: z.string(),
      openedAt: isoTime,
      closedAt: isoTime.nullable(),
      durationSec: z.number().nullable(),
      failureKind: z.string().nullable(),
      reason: z.string(),
      failedChecks: z.number().int(),
    }),
  ),
  nextCursor,
}) satisfies ZodType<IncidentsPage>;

const percentiles = z.object({ p50: z.number(), p95: z.number(), p99: z.number() }).nullable();

export const uptimeDto = z.object({
  window: z.enum(UPTIME_WINDOWS),
  from: isoTime,
  to: isoTime,
  checks: z.number().int(),
  failed: z.number().int(),
  uptimePct: z.number().nullable(),
  latency: percentiles,
  incidents: z.number().int(),
  series: z.array(
    z.object({
      start: isoTime,
      end: isoTime,
      checks: z.number().int(),
      failed: z.number().int(),
      degraded: z.number().int(),
      uptimePct: z.number().nullable(),
      latency: percentiles,
    }),
  ),
}) satisfies ZodType<UptimeDto>;

export const latencyRangeDto = z.object({
  range: z.enum(LATENCY_RANGES),
  from: isoTime,
  to: isoTime,
  checks: z.array(z.object({ at: isoTime, result: z.enum(CHECK_RESULTS), latencyMs: z.number().nullable() })),
  series: uptimeDto.shape.series,
  incidents: z.array(z.object({ openedAt: isoTime, closedAt: isoTime.nullable() })),
}) satisfies ZodType<LatencyRangeDto>;

export const fleetOverview = z.object({
  byStatus: z.object(Object.fromEntries(SERVER_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof SERVER_STATUSES)[number], z.ZodNumber>),
  downNow: z.array(z.object({ id: z.string(), name: z.string(), since: isoTime.nullable() })),
  openIncidents: z.number().int(),
  uptime24hPct: z.number().nullable(),
}) satisfies ZodType<FleetOverview>;
