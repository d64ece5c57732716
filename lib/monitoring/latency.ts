import "server-only";
import { and, asc, eq, gt, gte, isNull, lt, or } from "drizzle-orm";
import { db } from "../db";
import { incidents, monitorChecks, servers } from "../db/schema";
import type { PlanHolder } from "../plans/holder";
import { assertOwnsServer } from "../servers/service";
import type { LatencyRange, LatencyRangeDto } from "./schema";
import { getUptime } from "./service";

/**
 * The latency chart of a range. An hour or six are drawn check by check (at
 * most 720 checks at the shortest interval); a day and longer from the
 * hourly rollups' percentiles, as the uptime figures are, with the same plan
 * gate (beyond 24 hours needs fullMonitoring). The incidents of the range
 * are marked on either.
 */

const SHORT_RANGE_MS: Partial<Record<LatencyRange, number>> = { "1h": 3_600_000, "6h": 6 * 3_600_000 };
/** More checks than a six-hour range can hold at the shortest interval: a bound, not a page. */
const MAX_POINTS = 1_000;

export async function getLatencyRange(user: PlanHolder, serverId: string, range: LatencyRange, now = new Date()): Promise<LatencyRangeDto> {
  const span = SHORT_RANGE_MS[range];
  let bounds: { from: Date; to: Date };
  let checks: LatencyRangeDto["checks"] = [];
  let series: LatencyRangeDto["series"] = [];
  if (span === undefined) {
    const uptime = await getUptime(user, serverId, range as Exclude<LatencyRange, "1h" | "6h">, now);
    bounds = { from: new Date(uptime.from), to: new Date(uptime.to) };
    series = uptime.series;
  } else {
    await assertOwnsServer(user.uid, serverId);
    bounds = { from: new Date(now.getTime() - span), to: now };
    const rows = await (await db())
      .select({ at: monitorChecks.startedAt, result: monitorChecks.result, latencyMs: monitorChecks.latencyMs })
      .from(monitorChecks)
      .where(and(eq(monitorChecks.serverId, serverId), gte(monitorChecks.dueAt, bounds.from)))
      .orderBy(asc(monitorChecks.dueAt))
      .limit(MAX_POINTS);
    checks = rows.map((r) => ({ at: r.at.toISOString(), result: r.result, latencyMs: r.latencyMs }));
  }
  const marked = await (await db())
    .select({ openedAt: incidents.openedAt, closedAt: incidents.closedAt })
    .from(incidents)
    .innerJoin(servers, eq(servers.id, incidents.serverId))
    .where(
      and(
        eq(servers.id, serverId),
        eq(servers.ownerUid, user.uid),
        lt(incidents.openedAt, bounds.to),
        or(isNull(incidents.closedAt), gt(incidents.closedAt, bounds.from)),
      ),
    )
    .orderBy(asc(incidents.openedAt));
  return {
    range,
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    checks,
    series,
    incidents: marked.map((i) => ({ openedAt: i.openedAt.toISOString(), closedAt: i.closedAt?.toISOString() ?? null })),
  };
}
