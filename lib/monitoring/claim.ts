import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../db";
import type { PlanId } from "../plans/table";
import type { SealedHeader } from "../servers/headers";
import type { ServerToCheck } from "./run-check";

/**
 * The scheduler's statements. A due check is claimed by taking a lease on its
 * server's row (`lease_owner`, `lease_until`) while `next_check_at` stays the
 * due time; the row moves on to its next due time only when the check is
 * done. So a claim held by an instance that died expires and the same due
 * time is claimed again, and the unique (server_id, due_at) of the checks
 * makes sure it still lands once.
 *
 * Times come back as epoch milliseconds: PGlite and node-postgres hand raw
 * timestamps back in different shapes, and every due time the scheduler
 * writes is a whole millisecond, so the comparisons below are exact.
 */

export interface Claimed {
  serverId: string;
  dueAt: Date;
  intervalSec: number;
  lastCheckAt: Date | null;
  subscriptionPlan: PlanId;
  subscriptionExpiresAt: Date | null;
  /** What the check needs of the server, read by the claim itself: a scheduled check then reads nothing more. */
  server: ServerToCheck;
}

type Row = Record<string, unknown>;

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const dateOf = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)));
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Claims up to `limit` due checks for `instance`, oldest due first. Rows
 * another instance is claiming at this moment are skipped, not waited for.
 */
export async function claimDue(instance: string, limit: number, leaseSec: number): Promise<Claimed[]> {
  const result = await (await db()).execute(sql`
    update servers s
       set lease_owner = ${instance}, lease_until = now() + ${leaseSec} * interval '1 second'
      from users u
     where u.uid = s.owner_uid
       and s.id in (
         select id from servers
          where next_check_at <= now()
            and monitoring_enabled
            and status <> 'paused'
            and (lease_until is null or lease_until < now())
          order by next_check_at
          limit ${limit}
          for update skip locked)
    returning s.id, ${epochMs("s.next_check_at")} as due_ms, s.interval_sec, ${epochMs("s.last_check_at")} as last_check_ms,
              u.subscription_plan, ${epochMs("u.subscription_expires_at")} as expires_ms,
              s.owner_uid, s.transport, s.url, s.auth_type, s.status, s.degraded_threshold_ms, s.consecutive_failures, s.tools_hash,
              s.protocol, s.protocol_prior,
              exists (select 1 from incidents i where i.server_id = s.id and i.closed_at is null) as has_open_incident,
              (select coalesce(json_agg(json_build_object('name', h.name, 'valueEnc', h.value_enc)), '[]'::json)
                 from server_headers h where h.server_id = s.id) as headers,
              exists (select 1 from monitor_checks c where c.server_id = s.id and c.due_at = s.next_check_at) as checked`);
  return rowsOf(result).map((r) => ({
    serverId: String(r.id),
    dueAt: new Date(Number(r.due_ms)),
    intervalSec: Number(r.interval_sec),
    lastCheckAt: dateOf(r.last_check_ms),
    subscriptionPlan: r.subscription_plan as PlanId,
    subscriptionExpiresAt: dateOf(r.expires_ms),
    server: {
      ownerUid: String(r.owner_uid),
      transport: r.transport as ServerToCheck["transport"],
      url: String(r.url),
      authType: r.auth_type as ServerToCheck["authType"],
      status: r.status as ServerToCheck["status"],
      // Claimed rows are monitored and not paused: the claim's own condition.
      monitoringEnabled: true,
      thresholdMs: Number(r.degraded_threshold_ms),
      consecutiveFailures: Number(r.consecutive_failures),
      toolsHash: r.tools_hash === null ? null : String(r.tools_hash),
      hasOpenIncident: Boolean(r.has_open_incident),
      headers: (typeof r.headers === "string" ? JSON.parse(r.headers) : r.headers) as SealedHeader[],
      checked: Boolean(r.checked),
      protocol: String(r.protocol),
      protocolPrior: (typeof r.protocol_prior === "string" ? JSON.parse(r.protocol_prior) : r.protocol_prior) as ServerToCheck["protocolPrior"],
    },
  }));
}

/** A claim to give back: its check was due at `dueAt`, and the server is next due at `nextDueAt`. */
export interface FinishedClaim {
  serverId: string;
  dueAt: Date;
  nextDueAt: Date;
}

/**
 * Gives claims back, any number in one statement: each server is next due at
 * its `nextDueAt`, unless its due time was changed meanwhile (monitoring
 * edited, paused, resumed), which then stands. A claim this instance no
 * longer holds (its lease expired and was retaken) is left alone.
 */
export async function finishClaims(instance: string, claims: FinishedClaim[]): Promise<void> {
  if (claims.length === 0) return;
  // One JSON parameter: arrays travel differently through node-postgres and PGlite.
  const done = JSON.stringify(claims.map((c) => ({ id: c.serverId, due: c.dueAt.toISOString(), next: c.nextDueAt.toISOString() })));
  await (await db()).execute(sql`
    update servers s
       set next_check_at = case when s.next_check_at = f.due then f.next else s.next_check_at end,
           lease_owner = null, lease_until = null
      from json_to_recordset(${done}::json) as f(id uuid, due timestamptz, next timestamptz)
     where s.id = f.id and s.lease_owner = ${instance}`);
}

/** Gives one claim back (finishClaims). */
export const finishClaim = (instance: string, serverId: string, dueAt: Date, nextDueAt: Date) =>
  finishClaims(instance, [{ serverId, dueAt, nextDueAt }]);

/** Drops every lease `instance` holds, so that other instances take those checks at once (shutdown). */
export async function releaseAll(instance: string): Promise<number> {
  const result = await (await db()).execute(sql`
    update servers set lease_owner = null, lease_until = null where lease_owner = ${instance} returning id`);
  return rowsOf(result).length;
}

/**
 * Milliseconds until the next check can be claimed (0 when one is due now),
 * by the database's clock; null when nothing is scheduled.
 */
export async function msUntilNextDue(): Promise<number | null> {
  const result = await (await db()).execute(sql`
    select (extract(epoch from (min(next_check_at) - now())) * 1000)::float8 as wait_ms
      from servers
     where next_check_at is not null
       and monitoring_enabled
       and status <> 'paused'
       and (lease_until is null or lease_until < now())`);
  const wait = rowsOf(result)[0]?.wait_ms;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}
