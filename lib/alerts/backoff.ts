import type { AlertEventName } from "./schema";

/**
 * Retries of a failed delivery: after 30 s, 2 min, 10 min and 1 h, then it is
 * given up as failed (five attempts in all, spread over about 1 h 13 min). A
 * test event is tried once: the person who asked for it is looking at the
 * answer.
 */
export const RETRY_DELAYS_SEC = [30, 120, 600, 3600] as const;

export function maxAttempts(event: AlertEventName): number {
  return event === "test" ? 1 : RETRY_DELAYS_SEC.length + 1;
}

/** When to try again after `attempts` failed tries; null when there is no try left. */
export function nextAttemptAt(event: AlertEventName, attempts: number, now: Date): Date | null {
  if (attempts >= maxAttempts(event)) return null;
  return new Date(now.getTime() + RETRY_DELAYS_SEC[Math.max(0, attempts - 1)] * 1000);
}
