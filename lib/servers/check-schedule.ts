import { createHash } from "node:crypto";
import { effectiveSubscription, PLANS, type PlanId } from "../plans/table";

/**
 * When a server's scheduled checks fall due. Each server has a stable phase
 * within its interval, taken from a hash of its id, and its checks are due
 * at that phase of every interval counted from the epoch: a thousand servers
 * added at the same minute are spread over the whole interval instead of all
 * being checked at :00, and the phase survives a restart, a pause or an
 * interval change.
 */

/** The server's offset within an interval of `intervalSec`, in ms: the same for the same id and interval. */
export function phaseMs(serverId: string, intervalSec: number): number {
  const digest = createHash("sha1").update(serverId).digest();
  // 48 bits are plenty to spread any interval up to a day at ms resolution.
  const fraction = digest.readUIntBE(0, 6) / 2 ** 48;
  return Math.floor(fraction * intervalSec * 1000);
}

/** The server's first due time strictly after `after`. */
export function nextDueAfter(serverId: string, intervalSec: number, after: Date): Date {
  const period = intervalSec * 1000;
  const phase = phaseMs(serverId, intervalSec);
  const k = Math.floor((after.getTime() - phase) / period) + 1;
  return new Date(phase + k * period);
}

export interface Owner {
  subscriptionPlan: PlanId;
  subscriptionExpiresAt: Date | null;
}

/**
 * The interval the scheduler keeps to: the server's own, but never shorter
 * than its owner's plan allows now. A paid plan that lapsed falls back to the
 * free tier's minimum without anyone editing the server.
 */
export function effectiveIntervalSec(intervalSec: number, owner: Owner, now: Date = new Date()): number {
  const plan = PLANS[effectiveSubscription(owner.subscriptionPlan, owner.subscriptionExpiresAt, now).tier];
  return Math.max(intervalSec, plan.minCheckIntervalSec);
}

/**
 * The due time after a check that was due at `dueAt`: the next slot. When the
 * scheduler fell more than an interval behind, the slots in between are
 * skipped and only the latest one that has come is due (at once): running
 * every missed slot late would tell nothing new and keep the backlog growing.
 */
export function dueAfterCheck(serverId: string, intervalSec: number, dueAt: Date, now: Date): Date {
  return nextDueAfter(serverId, intervalSec, new Date(Math.max(dueAt.getTime(), now.getTime() - intervalSec * 1000)));
}

/** The first due time of a server whose monitoring settings are these now; null while it is not to be checked. */
export function firstDue(serverId: string, state: { enabled: boolean; intervalSec: number; paused: boolean }, now: Date = new Date()): Date | null {
  return state.enabled && !state.paused ? nextDueAfter(serverId, state.intervalSec, now) : null;
}
