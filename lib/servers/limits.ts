import "server-only";
import { badRequest, planRequired, type HttpError } from "../http/errors";
import { plural } from "../plural";
import { effectiveSubscription, PLANS, type Plan, type PlanId } from "../plans";
import { enforce, hit } from "../rate-limit/service";

/** The plan's limits on servers, and the budget of outbound connections, as the API enforces them. */

export interface PlanHolder {
  uid: string;
  subscriptionPlan: PlanId;
  subscriptionExpiresAt: Date | null;
}

export const planOf = (user: PlanHolder): Plan =>
  PLANS[effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).tier];

function describeInterval(sec: number): string {
  if (sec % 60 !== 0) return `${sec} seconds`;
  const min = sec / 60;
  return min === 1 ? "minute" : `${min} minutes`;
}

export function assertInterval(plan: Plan, intervalSec: number) {
  if (intervalSec >= plan.minCheckIntervalSec) return;
  const message = `On the ${plan.label} plan, checks run at most every ${describeInterval(plan.minCheckIntervalSec)}.`;
  throw badRequest(message, [{ path: "monitoring.intervalSec", message }]);
}

export function serverLimitReached(plan: Plan, count: number): HttpError {
  return planRequired(
    "servers",
    `The ${plan.label} plan allows ${plural(plan.maxServers, "server")}, and you have ${count}. Delete a server or upgrade your plan to add more.`,
  );
}

/** Outbound connection attempts (test, discover, create) per user per minute. */
const CONNECTS_PER_MINUTE = 30;
const connectKey = (user: PlanHolder) => `mcp-connect:${user.uid}`;

/** Throws 429 when the user is over the connection budget. */
export const spendConnection = (user: PlanHolder) =>
  enforce(connectKey(user), CONNECTS_PER_MINUTE, 60, "Too many connection attempts. Wait a minute and try again.");

/** Counts a connection the user did not ask for explicitly; false when over budget (then skip it). */
export const tryConnection = async (user: PlanHolder) => (await hit(connectKey(user), CONNECTS_PER_MINUTE, 60)).allowed;
