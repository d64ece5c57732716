import "server-only";
import { badRequest, planRequired, type HttpError } from "../http/errors";
import { plural } from "../plural";
import { demoServersFull } from "./capabilities";
import type { Plan } from "./table";

/** The plan's limits on servers, as the API enforces them. */

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
  // A demo account cannot upgrade: it is told why, and offered sign-up.
  if (!plan.allows.ownServers) return demoServersFull(plan.maxServers);
  return planRequired(
    "servers",
    `The ${plan.label} plan allows ${plural(plan.maxServers, "server")}, and you have ${count}. Delete a server or upgrade your plan to add more.`,
  );
}
