import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../../db";
import { prepared } from "../../db/prepared";
import { rateLimits } from "../../db/schema";
import { planOf, type PlanHolder } from "../../plans/holder";

/**
 * A gateway call's two limits, counted in the database so that every
 * instance counts alike: the account's calls a day (all its gateways, reset
 * at 00:00 UTC) and the gateway's calls a minute. Null when the call may go
 * ahead; otherwise what to tell the client, with when to retry.
 *
 * Both counters are the fixed windows of lib/rate-limit/service.ts, counted
 * in one statement: a call waits on one round trip to the database before
 * it reaches the server, not two (the minute's row first, as every call
 * does, so that two calls never wait on each other's rows in turn).
 */

const MINUTE_SEC = 60;
const DAY_SEC = 86_400;

const countBoth = prepared("gateway_call_hit", (database, name) =>
  database
    .insert(rateLimits)
    .values([
      { key: sql.placeholder("minuteKey"), windowStart: sql.placeholder("minuteStart"), count: 1 },
      { key: sql.placeholder("dayKey"), windowStart: sql.placeholder("dayStart"), count: 1 },
    ])
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count })
    .prepare(name),
);

export interface LimitHit {
  message: string;
  retryAfterSec: number;
}

const windowStart = (now: Date, sec: number) => new Date(Math.floor(now.getTime() / (sec * 1000)) * sec * 1000);
const retryAfter = (start: Date, sec: number, now: Date) => Math.max(1, Math.ceil((start.getTime() + sec * 1000 - now.getTime()) / 1000));

export async function spendGatewayCall(owner: PlanHolder, gatewayId: string, now = new Date()): Promise<LimitHit | null> {
  const plan = planOf(owner);
  const minuteKey = `gateway-minute:${owner.uid}:${gatewayId}`;
  const dayKey = `gateway-calls:${owner.uid}`;
  const minuteStart = windowStart(now, MINUTE_SEC);
  const dayStart = windowStart(now, DAY_SEC);
  const rows = await countBoth(await db()).execute({ minuteKey, minuteStart, dayKey, dayStart });
  const count = (key: string) => rows.find((r) => r.key === key)!.count;
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
