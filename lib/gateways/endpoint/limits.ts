import "server-only";
import { sql } from "drizzle-orm";
import { activityRow, type ActivityEvent } from "../../activity/service";
import { db } from "../../db";
import { planOf, type PlanHolder } from "../../plans/holder";

/**
 * A gateway call's start, in one statement and so one round trip to the
 * database before the call reaches its server (what a workbench call pays
 * too): the call is counted against its two limits, the account's calls a
 * day (all its gateways, reset at 00:00 UTC) and the gateway's calls a
 * minute, and its audit event is written, as under way. Every call is thus
 * on record before it runs; its outcome follows once the client has its
 * answer (lib/gateways/audit.ts). The counters are the fixed windows of
 * lib/rate-limit/service.ts (the minute's row first, as every call does,
 * so that two calls never wait on each other's rows in turn).
 */

const MINUTE_SEC = 60;
const DAY_SEC = 86_400;

export interface LimitHit {
  message: string;
  retryAfterSec: number;
}

const windowStart = (now: Date, sec: number) => new Date(Math.floor(now.getTime() / (sec * 1000)) * sec * 1000);
const retryAfter = (start: Date, sec: number, now: Date) => Math.max(1, Math.ceil((start.getTime() + sec * 1000 - now.getTime()) / 1000));

/** Counts the call and records it as under way with the id `eventId`; null when it may go ahead, else what to tell the client. */
export async function beginGatewayCall(owner: PlanHolder, gatewayId: string, eventId: string, event: ActivityEvent, now = new Date()): Promise<LimitHit | null> {
  const plan = planOf(owner);
  const minuteKey = `gateway-minute:${owner.uid}:${gatewayId}`;
  const dayKey = `gateway-calls:${owner.uid}`;
  const minuteStart = windowStart(now, MINUTE_SEC);
  const dayStart = windowStart(now, DAY_SEC);
  const row = activityRow(event);
  const result = await (await db()).execute(sql`
    with counted as (
      insert into rate_limits (key, window_start, count)
      values (${minuteKey}, ${minuteStart.toISOString()}::timestamptz, 1), (${dayKey}, ${dayStart.toISOString()}::timestamptz, 1)
      on conflict (key) do update
        set count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
            window_start = excluded.window_start
      returning key, count
    ), recorded as (
      insert into activity_events (id, user_uid, action, target_type, target_id, summary, metadata, ip, user_agent)
      values (${eventId}::uuid, ${row.userUid}, ${row.action}, ${row.targetType ?? null}, ${row.targetId ?? null}, ${row.summary},
              ${JSON.stringify(row.metadata)}::jsonb, ${row.ip ?? null}, ${row.userAgent ?? null})
      returning id
    )
    select key, count from counted`);
  const rows = (result as unknown as { rows: { key: string; count: number }[] }).rows;
  const count = (key: string) => Number(rows.find((r) => r.key === key)!.count);
  if (count(dayKey) > plan.gatewayCallsPerDay) {
    const retryAfterSec = retryAfter(dayStart, DAY_SEC, now);
    return {
      retryAfterSec,
      message: `This account has used all ${plan.gatewayCallsPerDay.toLocaleString("en-US")} gateway calls of its ${plan.label} plan today; retry after 00:00 UTC (in ${retryAfterSec} s).`,
    };
  }
  if (count(minuteKey) > plan.gatewayCallsPerMinute) {
    const retryAfterSec = retryAfter(minuteStart, MINUTE_SEC, now);
    return {
      retryAfterSec,
      message: `This gateway took its ${plan.gatewayCallsPerMinute.toLocaleString("en-US")} calls of this minute; retry in ${retryAfterSec} s.`,
    };
  }
  return null;
}
