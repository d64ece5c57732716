import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { activityRow, type ActivityEvent } from "../../activity/service";
import { db } from "../../db";
import { prepared } from "../../db/prepared";
import { rateLimits } from "../../db/schema";
import { planOf, type PlanHolder } from "../../plans/holder";
import { recordStart } from "../audit";
import type { Credential } from "./access";
import { counted, takeReserved, type Counter } from "./call-leases";

/**
 * The gateway's counters. Every request, whatever its method, is counted
 * against its gateway's and its credential's minute, before it is answered
 * (`countGatewayRequest`). A call's start is one statement, and so one
 * round trip to the database before the call reaches its server (what a
 * workbench call pays too): the request that carries it is counted there
 * (unless it came in a batch, counted as a whole before), then the call
 * against its two limits, the account's calls a day (all its gateways,
 * reset at 00:00 UTC) and the gateway's calls a minute, and its audit event
 * is written, as under way.
 * Every call is thus on record before it runs; its outcome follows once the
 * client has its answer (lib/gateways/audit.ts). Under sustained traffic a
 * call may instead take one of the calls this instance counted ahead
 * (call-leases.ts): it waits for no statement, and its event is queued, as
 * under way, before it runs. The counters are the fixed
 * windows of lib/rate-limit/service.ts (the minute's row first, as every
 * call does, so that two calls never wait on each other's rows in turn).
 */

const MINUTE_SEC = 60;
const DAY_SEC = 86_400;

export interface LimitHit {
  message: string;
  retryAfterSec: number;
}

const windowStart = (now: Date, sec: number) => new Date(Math.floor(now.getTime() / (sec * 1000)) * sec * 1000);
const retryAfter = (start: Date, sec: number, now: Date) => Math.max(1, Math.ceil((start.getTime() + sec * 1000 - now.getTime()) / 1000));

/** What a call's start came to: the request limit's refusal, else the call limits' (each null when under). */
export interface CallStart {
  request: LimitHit | null;
  call: LimitHit | null;
}

/**
 * Counts the call and records it as under way with the id `eventId`. With
 * `requestOf`, the same statement first counts the request that carries the
 * call (what `countGatewayRequest` does for any other), so that a call waits
 * one round trip, not two; a request over its limit counts nothing else and
 * records nothing, as when it was refused before the call began.
 */
export async function beginGatewayCall(
  owner: PlanHolder,
  gatewayId: string,
  eventId: string,
  event: ActivityEvent,
  requestOf: Pick<Credential, "tokenId" | "grantId"> | null = null,
  now = new Date(),
): Promise<CallStart> {
  const plan = planOf(owner);
  const minuteKey = `gateway-minute:${owner.uid}:${gatewayId}`;
  const dayKey = `gateway-calls:${owner.uid}`;
  const minuteStart = windowStart(now, MINUTE_SEC);
  const dayStart = windowStart(now, DAY_SEC);
  const row = activityRow(event);
  const requests = requestOf && requestCounters(owner.uid, gatewayId, requestOf);
  // In the order the statement below counts them, which a reservation locks them in too (call-leases.ts).
  const counters: Counter[] = [
    ...(requests
      ? [requests.gatewayKey, requests.credentialKey].map((key) => ({ key, windowStart: minuteStart, limit: plan.gatewayRequestsPerMinute }))
      : []),
    { key: minuteKey, windowStart: minuteStart, limit: plan.gatewayCallsPerMinute },
    { key: dayKey, windowStart: dayStart, limit: plan.gatewayCallsPerDay },
  ];
  // Under sustained traffic the call may already be counted, in a block this instance reserved: no round trip.
  if (takeReserved(counters, now.getTime())) {
    recordStart(eventId, event);
    return { request: null, call: null };
  }
  // The request's rows first (the gateway's, then the credential's), as countGatewayRequest locks them: the
  // call's rows wait on the verdict, which reads every row `requested` returns.
  const requested = requests
    ? sql`requested as (
      insert into rate_limits (key, window_start, count)
      values (${requests.gatewayKey}, ${minuteStart.toISOString()}::timestamptz, 1), (${requests.credentialKey}, ${minuteStart.toISOString()}::timestamptz, 1)
      on conflict (key) do update
        set count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
            window_start = excluded.window_start
      returning key, count
    ), admitted as (select max(count) <= ${plan.gatewayRequestsPerMinute} as ok from requested),`
    : sql`requested as (select null::text as key, null::integer as count where false), admitted as (select true as ok),`;
  const result = await (await db()).execute(sql`
    with ${requested} counted as (
      insert into rate_limits (key, window_start, count)
      select key, window_start, count
      from (values (${minuteKey}, ${minuteStart.toISOString()}::timestamptz, 1), (${dayKey}, ${dayStart.toISOString()}::timestamptz, 1)) as calls (key, window_start, count)
      where (select ok from admitted)
      on conflict (key) do update
        set count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
            window_start = excluded.window_start
      returning key, count
    ), recorded as (
      insert into activity_events (id, user_uid, action, target_type, target_id, summary, metadata, ip, user_agent)
      select ${eventId}::uuid, ${row.userUid}, ${row.action}, ${row.targetType ?? null}, ${row.targetId ?? null}, ${row.summary},
             ${JSON.stringify(row.metadata)}::jsonb, ${row.ip ?? null}, ${row.userAgent ?? null}
      where (select ok from admitted)
      returning id
    )
    select key, count from requested union all select key, count from counted`);
  const rows = (result as unknown as { rows: { key: string; count: number }[] }).rows;
  const count = (key: string) => Number(rows.find((r) => r.key === key)!.count);
  if (requestOf && requests) {
    const request = requestRefusal(plan.gatewayRequestsPerMinute, count(requests.gatewayKey), count(requests.credentialKey), requestOf, minuteStart, now);
    if (request) return { request, call: null };
  }
  if (count(dayKey) > plan.gatewayCallsPerDay) {
    const retryAfterSec = retryAfter(dayStart, DAY_SEC, now);
    return {
      request: null,
      call: {
        retryAfterSec,
        message: `This account has used all ${plan.gatewayCallsPerDay.toLocaleString("en-US")} gateway calls of its ${plan.label} plan today; retry after 00:00 UTC (in ${retryAfterSec} s).`,
      },
    };
  }
  if (count(minuteKey) > plan.gatewayCallsPerMinute) {
    const retryAfterSec = retryAfter(minuteStart, MINUTE_SEC, now);
    return {
      request: null,
      call: { retryAfterSec, message: `This gateway took its ${plan.gatewayCallsPerMinute.toLocaleString("en-US")} calls of this minute; retry in ${retryAfterSec} s.` },
    };
  }
  counted(counters, count, now.getTime());
  return { request: null, call: null };
}

/**
 * The account's gateway calls counted against its daily limit since `dayStart` (00:00 UTC): the counter
 * `beginGatewayCall` keeps, so the plan card shows what the limit sees. Calls refused for the limit
 * are counted there too: past the limit, the count says more than the calls that ran.
 */
export async function gatewayCallsSince(uid: string, dayStart: Date): Promise<number> {
  const [row] = await (await db())
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `gateway-calls:${uid}`), eq(rateLimits.windowStart, dayStart)))
    .limit(1);
  return row?.count ?? 0;
}

/**
 * Every request to a gateway, whatever its method, in one statement: its
 * gateway's and its credential's (token or OAuth app) requests this minute,
 * the fixed windows of lib/rate-limit/service.ts, the gateway's row first
 * in every statement, so that two never wait on each other's rows in turn.
 */
const requestHit = prepared("gateway_request_hit", (database, name) =>
  database
    .insert(rateLimits)
    .values([
      { key: sql.placeholder("gatewayKey"), windowStart: sql.placeholder("windowStart"), count: sql.placeholder("requests") },
      { key: sql.placeholder("credentialKey"), windowStart: sql.placeholder("windowStart"), count: sql.placeholder("requests") },
    ])
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + excluded.count else excluded.count end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count })
    .prepare(name),
);

/** The counters of a request: its gateway's and its credential's, keyed with the uid so that the account's deletion takes them. */
export function requestCounters(uid: string, gatewayId: string, credential: Pick<Credential, "tokenId" | "grantId">) {
  return {
    gatewayKey: `gateway-requests:${uid}:gateway:${gatewayId}`,
    credentialKey: credential.tokenId !== null ? `gateway-requests:${uid}:token:${credential.tokenId}` : `gateway-requests:${uid}:app:${credential.grantId}`,
  };
}

/**
 * Counts `requests` requests of `credential` to the gateway (a JSON-RPC
 * batch is as many as it holds messages); null when they may go ahead, else
 * what to tell the client.
 */
export async function countGatewayRequest(
  owner: PlanHolder,
  gatewayId: string,
  credential: Pick<Credential, "tokenId" | "grantId">,
  requests = 1,
  now = new Date(),
): Promise<LimitHit | null> {
  const limit = planOf(owner).gatewayRequestsPerMinute;
  const { gatewayKey, credentialKey } = requestCounters(owner.uid, gatewayId, credential);
  const start = windowStart(now, MINUTE_SEC);
  const rows = await requestHit(await db()).execute({ gatewayKey, credentialKey, windowStart: start, requests });
  const count = (key: string) => Number(rows.find((r) => r.key === key)!.count);
  return requestRefusal(limit, count(gatewayKey), count(credentialKey), credential, start, now);
}

/** What to tell a client whose gateway's or credential's requests went over `limit` this minute; null when neither did. */
function requestRefusal(limit: number, gatewayCount: number, credentialCount: number, credential: Pick<Credential, "tokenId" | "grantId">, start: Date, now: Date): LimitHit | null {
  if (gatewayCount <= limit && credentialCount <= limit) return null;
  const retryAfterSec = retryAfter(start, MINUTE_SEC, now);
  const who = gatewayCount > limit ? "This gateway" : credential.tokenId !== null ? "This token" : "This app";
  return { retryAfterSec, message: `${who} made its ${limit.toLocaleString("en-US")} requests of this minute; retry in ${retryAfterSec} s.` };
}
