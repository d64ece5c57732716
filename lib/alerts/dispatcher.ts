import "server-only";
import { db as processDb } from "../db";
import type { Db } from "../db/database";
import { startPeriodic, type Periodic } from "../periodic";
import { notifyIncidents, reviewFlapping } from "./outbox";
import { sendDue } from "./send";

export interface AlertStepResult {
  /** Deliveries queued for incidents and flapping servers. */
  queued: number;
  /** Deliveries tried (claimed and sent, or failed). */
  tried: number;
}

/**
 * One pass of the dispatcher: turn new openings and closings into deliveries,
 * send flapping servers their summary or "stable again" alert, then send what
 * is due. `now` is the clock for every decision (tests move it instead of
 * waiting); `db` lets a test run two dispatchers on separate connections.
 */
export async function runAlertStep({ now = new Date(), db }: { now?: Date; db?: Db } = {}): Promise<AlertStepResult> {
  const d = db ?? (await processDb());
  const queued = (await notifyIncidents(d, now)) + (await reviewFlapping(d, now));
  let tried = 0;
  // Drain what is due now, a batch at a time, so that a burst does not wait for the next tick.
  for (let batch = 0; batch < 10; batch++) {
    const n = await sendDue(d, now);
    tried += n;
    if (n === 0) break;
  }
  return { queued, tried };
}

export const ALERT_TICK_MS = 5_000;

/**
 * Runs the dispatcher every few seconds in this process, once however often
 * it is called. Each instance of the service runs one; they share the work
 * through the database. Stopping waits for the pass in flight; a lease
 * covers anything cut short.
 */
export function startAlertDispatcher(): Periodic {
  return startPeriodic("alert dispatch", ALERT_TICK_MS, () => runAlertStep());
}
