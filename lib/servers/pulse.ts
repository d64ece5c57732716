import "server-only";
import { sql } from "drizzle-orm";
import type { LastCheck, ServerPulse } from "./schema";

/**
 * What the server list and pages show of a server's checks, read in the
 * statement that reads the servers (correlated subqueries on
 * monitor_checks_server_due_idx and the hourly rollups): a page of servers
 * is one query, however many servers it holds.
 */

/** How many of the latest checks the list's heartbeat bar shows. */
export const HEARTBEATS = 30;

// (Spelled out: in a one-table select drizzle leaves column names unqualified, which the subqueries would misread.)

/** The check the server's status and "last check" come from: its latest. */
export const lastCheckColumn = sql<LastCheck | null>`(select json_build_object('trigger', c.trigger, 'result', c.result, 'reason', c.reason)
    from monitor_checks c where c.server_id = servers.id order by c.due_at desc limit 1)`;

/** The latest checks, oldest first, and the uptime over the last 24 hourly rollups (as the dashboard counts it). */
export const pulseColumn = sql<ServerPulse>`json_build_object(
    'beats', (select coalesce(json_agg(json_build_object('at', b.started_at, 'result', b.result, 'latencyMs', b.latency_ms, 'reason', b.reason, 'trigger', b.trigger)
                                       order by b.due_at), '[]'::json)
                from (select c.started_at, c.due_at, c.result, c.latency_ms, c.reason, c.trigger from monitor_checks c
                       where c.server_id = servers.id order by c.due_at desc limit ${HEARTBEATS}) b),
    'uptime24hPct', (select case when sum(r.checks) > 0 then round(100.0 * (sum(r.checks) - sum(r.failed)) / sum(r.checks), 2) end
                       from monitor_rollups r where r.server_id = servers.id and r.hour >= date_trunc('hour', now()) - interval '23 hours'))`;

/** The column as JSON gives it back, its times in the API's ISO form. */
export const toPulse = (raw: ServerPulse): ServerPulse => ({
  beats: raw.beats.map((b) => ({ ...b, at: new Date(b.at).toISOString() })),
  uptime24hPct: raw.uptime24hPct === null ? null : Number(raw.uptime24hPct),
});
