import "server-only";
import { and, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "../db";
import { incidents, monitorChecks, monitorRollups, servers } from "../db/schema";
import { exactTime, keysetPage, olderThan, parseCursor } from "../db/time-cursor";
import { conflict, planRequired } from "../http/errors";
import { effectiveSubscription } from "../plans/table";
import { enforce } from "../rate-limit/service";
import type { PlanHolder } from "../plans/holder";
import { assertOwnsServer } from "../servers/service";
import { checkColumns, incidentColumns, toCheckDto, toIncidentDto } from "./dto";
import { instanceName } from "./instance";
import { runCheck } from "./run-check";
import { FREE_UPTIME_WINDOWS, type ChecksPage, type CheckNowResponse, type IncidentsPage, type UptimeDto, type UptimeWindow } from "./schema";
import { summarizeUptime } from "./uptime";
import { windowBounds } from "./windows";

/**
 * Monitoring as the API serves it: every query scoped to the caller's
 * servers (another user's server is "not found"), uptime read from the
 * hourly rollups only.
 */

/** "Check now" per user per minute: each one opens a connection to the server. */
export const MANUAL_CHECKS_PER_MINUTE = 10;

/**
 * Runs a check now. A paused server can be checked too: the check lands in
 * its history and rollups, but the server stays paused (no status change,
 * no incident) until the user resumes it.
 */
export async function checkNow(user: PlanHolder, serverId: string): Promise<CheckNowResponse> {
  await assertOwnsServer(user.uid, serverId);
  await enforce(`monitor-check:${user.uid}`, MANUAL_CHECKS_PER_MINUTE, 60, "Too many checks. Wait a minute and try again.");
  const done = await runCheck(serverId, { dueAt: new Date(), trigger: "manual", instance: instanceName() });
  if (done) return done;
  // Deleted meanwhile (then 404), or another check of the same instant won.
  await assertOwnsServer(user.uid, serverId);
  throw conflict("A check of this server is already recorded for this moment. Try again.");
}

/** The caller's server `serverId`, as a join condition: rows of anyone else's server never match. */
const ownedBy = (uid: string, serverId: string) => and(eq(servers.id, serverId), eq(servers.ownerUid, uid));

export async function listChecks(uid: string, serverId: string, page: { cursor?: string; limit: number }): Promise<ChecksPage> {
  await assertOwnsServer(uid, serverId);
  const after = parseCursor(page.cursor);
  const rows = await (await db())
    .select({ ...checkColumns, exact: exactTime(monitorChecks.dueAt) })
    .from(monitorChecks)
    .innerJoin(servers, eq(servers.id, monitorChecks.serverId))
    .where(and(ownedBy(uid, serverId), after ? olderThan(monitorChecks.dueAt, monitorChecks.id, after) : undefined))
    // As in monitor_checks_server_due_idx, so the page is read off the index.
    .orderBy(sql`${monitorChecks.dueAt} desc nulls last`, sql`${monitorChecks.id} desc nulls last`)
    .limit(page.limit + 1);
  const { shown, nextCursor } = keysetPage(rows, page.limit, (r) => r.exact);
  return { checks: shown.map(toCheckDto), nextCursor };
}

export async function listIncidents(uid: string, serverId: string, page: { cursor?: string; limit: number }): Promise<IncidentsPage> {
  await assertOwnsServer(uid, serverId);
  const after = parseCursor(page.cursor);
  const rows = await (await db())
    .select({ ...incidentColumns, exact: exactTime(incidents.openedAt) })
    .from(incidents)
    .innerJoin(servers, eq(servers.id, incidents.serverId))
    .where(and(ownedBy(uid, serverId), after ? olderThan(incidents.openedAt, incidents.id, after) : undefined))
    .orderBy(sql`${incidents.openedAt} desc nulls last`, sql`${incidents.id} desc nulls last`)
    .limit(page.limit + 1);
  const { shown, nextCursor } = keysetPage(rows, page.limit, (r) => r.exact);
  return { incidents: shown.map(toIncidentDto), nextCursor };
}

function assertWindowAllowed(user: PlanHolder, window: UptimeWindow) {
  if (FREE_UPTIME_WINDOWS.includes(window)) return;
  if (effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).features.fullMonitoring) return;
  throw planRequired("fullMonitoring", "Uptime and latency beyond the last 24 hours need the Pro or Enterprise plan.");
}

/** Uptime, latency percentiles, incidents and the series over a window, from the hourly rollups. */
export async function getUptime(user: PlanHolder, serverId: string, window: UptimeWindow, now = new Date()): Promise<UptimeDto> {
  await assertOwnsServer(user.uid, serverId);
  assertWindowAllowed(user, window);
  const { from, to } = windowBounds(window, now);
  const database = await db();
  const [rows, [{ count }]] = await Promise.all([
    database
      .select({
        hour: monitorRollups.hour,
        checks: monitorRollups.checks,
        failed: monitorRollups.failed,
        degraded: monitorRollups.degraded,
        latencyMaxMs: monitorRollups.latencyMaxMs,
        latencyHist: monitorRollups.latencyHist,
      })
      .from(monitorRollups)
      .innerJoin(servers, eq(servers.id, monitorRollups.serverId))
      .where(and(ownedBy(user.uid, serverId), gte(monitorRollups.hour, from), lt(monitorRollups.hour, to))),
    database
      .select({ count: sql<number>`count(*)::int` })
      .from(incidents)
      .innerJoin(servers, eq(servers.id, incidents.serverId))
      .where(and(ownedBy(user.uid, serverId), lt(incidents.openedAt, to), or(isNull(incidents.closedAt), gt(incidents.closedAt, from)))),
  ]);
  return summarizeUptime(window, now, rows, count);
}
