import "server-only";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { db } from "../db";
import { incidents, monitorRollups, servers } from "../db/schema";
import { SERVER_STATUSES, type ServerStatus } from "../servers/schema";
import { hourOf } from "./hour";
import type { FleetOverview } from "./schema";

const HOUR_MS = 3_600_000;

/**
 * The dashboard's fleet overview of one user: servers by status, the ones
 * down now (longest first, since their incident opened), open incidents, and
 * uptime over the last 24 hourly rollups of all their servers.
 */
export async function fleetOverview(uid: string, now = new Date()): Promise<FleetOverview> {
  const database = await db();
  const since = new Date(hourOf(now).getTime() - 23 * HOUR_MS);
  const [groups, down, [open], [day]] = await Promise.all([
    database
      .select({ status: servers.status, count: sql<number>`count(*)::int` })
      .from(servers)
      .where(eq(servers.ownerUid, uid))
      .groupBy(servers.status),
    database
      .select({ id: servers.id, name: servers.name, since: incidents.openedAt })
      .from(servers)
      .leftJoin(incidents, and(eq(incidents.serverId, servers.id), isNull(incidents.closedAt)))
      .where(and(eq(servers.ownerUid, uid), eq(servers.status, "down")))
      .orderBy(sql`${incidents.openedAt} asc nulls last`, asc(servers.name)),
    database
      .select({ count: sql<number>`count(*)::int` })
      .from(incidents)
      .innerJoin(servers, eq(servers.id, incidents.serverId))
      .where(and(eq(servers.ownerUid, uid), isNull(incidents.closedAt))),
    database
      .select({
        checks: sql<number>`coalesce(sum(${monitorRollups.checks}), 0)::int`,
        failed: sql<number>`coalesce(sum(${monitorRollups.failed}), 0)::int`,
      })
      .from(monitorRollups)
      .innerJoin(servers, eq(servers.id, monitorRollups.serverId))
      .where(and(eq(servers.ownerUid, uid), gte(monitorRollups.hour, since))),
  ]);
  const byStatus = Object.fromEntries(SERVER_STATUSES.map((s) => [s, 0])) as Record<ServerStatus, number>;
  for (const g of groups) byStatus[g.status] = g.count;
  return {
    byStatus,
    downNow: down.map((d) => ({ id: d.id, name: d.name, since: d.since?.toISOString() ?? null })),
    openIncidents: open.count,
    uptime24hPct: day.checks === 0 ? null : Math.round(((day.checks - day.failed) / day.checks) * 10_000) / 100,
  };
}
