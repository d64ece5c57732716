import "server-only";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "../db";
import { activityEvents } from "../db/schema";
import { ownedGateway } from "./owned";
import { resultChecksOf } from "./result-checks";
import type { GatewayCallDto, GatewayCallStats } from "./schema";

/** A gateway's calls as its audit events hold them: the page's live log and its charts. */

const CALL_ACTIONS = ["gateway.call", "gateway.blocked"];
export const STATS_RANGES = { "24h": { ms: 86_400_000, bucketSec: 3_600 }, "7d": { ms: 7 * 86_400_000, bucketSec: 6 * 3_600 } } as const;
export type StatsRange = keyof typeof STATS_RANGES;

const ofGateway = (uid: string, id: string) =>
  and(eq(activityEvents.userUid, uid), eq(activityEvents.targetType, "gateway"), eq(activityEvents.targetId, id), inArray(activityEvents.action, CALL_ACTIONS));

export async function recentCalls(uid: string, id: string, limit = 50): Promise<GatewayCallDto[]> {
  await ownedGateway(uid, id);
  const rows = await (await db())
    .select({ id: activityEvents.id, action: activityEvents.action, metadata: activityEvents.metadata, createdAt: activityEvents.createdAt })
    .from(activityEvents)
    .where(ofGateway(uid, id))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
  const checks = await resultChecksOf(uid, id, rows.map((r) => ({ id: r.id, at: r.createdAt })));
  return rows.map((r) => {
    const m = r.metadata as Record<string, unknown>;
    const client = (m.client ?? {}) as { name?: string; version?: string };
    return {
      id: r.id,
      at: r.createdAt.toISOString(),
      method: String(m.method ?? ""),
      item: String(m.item ?? ""),
      server: typeof m.server === "string" ? m.server : null,
      outcome: (r.action === "gateway.blocked" ? "blocked" : String(m.outcome ?? "ok")) as GatewayCallDto["outcome"],
      durationMs: typeof m.durationMs === "number" ? m.durationMs : null,
      client: client.name ? `${client.name}${client.version ? ` ${client.version}` : ""}` : null,
      token: typeof m.keyName === "string" ? m.keyName : null,
      error: typeof m.error === "string" ? m.error : typeof m.reason === "string" ? m.reason : null,
      resultCheck: checks.get(r.id) ?? null,
    };
  });
}

export async function callStats(uid: string, id: string, range: StatsRange, now = new Date()): Promise<GatewayCallStats> {
  await ownedGateway(uid, id);
  const { ms, bucketSec } = STATS_RANGES[range];
  // Written into the statement (a constant of the table above), so that the select and the group by are one expression.
  const seconds = sql.raw(String(bucketSec));
  const bucket = sql<string>`to_timestamp(floor(extract(epoch from ${activityEvents.createdAt}) / ${seconds}) * ${seconds})`;
  const duration = sql`(${activityEvents.metadata}->>'durationMs')::float`;
  // A call whose outcome is not written yet counts as a call, not as an error, and has no duration yet. A round that ended
  // with the server's question to a modern client (input_required) is a call that did what it should: not an error.
  const isCall = sql`${activityEvents.action} = 'gateway.call'`;
  const ended = sql`${isCall} and ${activityEvents.metadata}->>'outcome' <> 'running'`;
  const failed = sql`${ended} and ${activityEvents.metadata}->>'outcome' not in ('ok', 'input_required')`;
  const rows = await (await db())
    .select({
      at: bucket,
      calls: sql<number>`count(*) filter (where ${isCall})::int`,
      errors: sql<number>`count(*) filter (where ${failed})::int`,
      blocked: sql<number>`count(*) filter (where ${activityEvents.action} = 'gateway.blocked')::int`,
      p50: sql<number | null>`percentile_cont(0.5) within group (order by ${duration}) filter (where ${ended})`,
      p95: sql<number | null>`percentile_cont(0.95) within group (order by ${duration}) filter (where ${ended})`,
    })
    .from(activityEvents)
    .where(and(ofGateway(uid, id), gte(activityEvents.createdAt, new Date(now.getTime() - ms))))
    .groupBy(bucket)
    .orderBy(bucket);
  const points = rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    calls: r.calls,
    errors: r.errors,
    blocked: r.blocked,
    p50Ms: r.p50 === null ? null : Math.round(Number(r.p50)),
    p95Ms: r.p95 === null ? null : Math.round(Number(r.p95)),
  }));
  const sum = (k: "calls" | "errors" | "blocked") => points.reduce((a, p) => a + p[k], 0);
  return { range, bucketSec, points, totals: { calls: sum("calls"), errors: sum("errors"), blocked: sum("blocked") } };
}
