import "server-only";
import { planOf, type PlanHolder } from "../../plans/holder";
import { hit } from "../../rate-limit/service";

/**
 * A gateway call's two limits, counted in the database so that every
 * instance counts alike: the account's calls a day (all its gateways, reset
 * at 00:00 UTC) and the gateway's calls a minute. Null when the call may go
 * ahead; otherwise what to tell the client, with when to retry.
 */

const DAY_SEC = 86_400;

export interface LimitHit {
  message: string;
  retryAfterSec: number;
}

export async function spendGatewayCall(owner: PlanHolder, gatewayId: string, now = new Date()): Promise<LimitHit | null> {
  const plan = planOf(owner);
  const [minute, day] = await Promise.all([
    hit(`gateway-minute:${owner.uid}:${gatewayId}`, plan.gatewayCallsPerMinute, 60, now),
    hit(`gateway-calls:${owner.uid}`, plan.gatewayCallsPerDay, DAY_SEC, now),
  ]);
  if (!day.allowed) {
    return {
      retryAfterSec: day.retryAfterSec,
      message: `This account has used all ${plan.gatewayCallsPerDay.toLocaleString("en-US")} gateway calls of its ${plan.label} plan today; retry after 00:00 UTC (in ${day.retryAfterSec} s).`,
    };
  }
  if (!minute.allowed) {
    return {
      retryAfterSec: minute.retryAfterSec,
      message: `This gateway took its ${plan.gatewayCallsPerMinute.toLocaleString("en-US")} calls of this minute; retry in ${minute.retryAfterSec} s.`,
    };
  }
  return null;
}
