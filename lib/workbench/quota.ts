import "server-only";
import { rateLimited } from "../http/errors";
import { hit } from "../rate-limit/service";
import { planOf, type PlanHolder } from "../plans/holder";

/**
 * The plan's daily workbench calls. The counter's window is a day aligned
 * on the epoch, so it resets at 00:00 UTC.
 */

const DAY_SEC = 24 * 3600;

const quotaKey = (uid: string) => `workbench-calls:${uid}`;

function untilReset(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

export function quotaMessage(limit: number, retryAfterSec: number): string {
  const calls = limit === 1 ? "call" : "calls";
  return `You have used all ${limit.toLocaleString("en-US")} workbench ${calls} of your plan today; the quota resets at 00:00 UTC (in ${untilReset(retryAfterSec)}).`;
}

/** Counts one call; throws 429 with Retry-After once the day's quota is spent. */
export async function spendCall(user: PlanHolder, now = new Date()): Promise<void> {
  const limit = planOf(user).workbenchCallsPerDay;
  const result = await hit(quotaKey(user.uid), limit, DAY_SEC, now);
  if (!result.allowed) throw rateLimited(result.retryAfterSec, quotaMessage(limit, result.retryAfterSec));
}
