import { hourOf } from "./hour";
import type { UptimeWindow } from "./schema";

/**
 * How each uptime window is cut into its series: whole hours per bucket, so
 * that every bucket is a sum of hourly rollups, and never more than 90
 * buckets (the uptime bar of a status page).
 */
export const WINDOW_BUCKETS: Record<UptimeWindow, { bucketHours: number; buckets: number }> = {
  "24h": { bucketHours: 1, buckets: 24 },
  "7d": { bucketHours: 2, buckets: 84 },
  "30d": { bucketHours: 8, buckets: 90 },
  "90d": { bucketHours: 24, buckets: 90 },
};

const HOUR_MS = 3_600_000;

export interface WindowBounds {
  from: Date;
  to: Date;
  bucketMs: number;
  buckets: number;
}

/**
 * The window ending with the bucket that holds `now` (buckets are aligned
 * on UTC multiples of their length, so a 24-hour bucket is a UTC day).
 */
export function windowBounds(window: UptimeWindow, now: Date): WindowBounds {
  const { bucketHours, buckets } = WINDOW_BUCKETS[window];
  const bucketMs = bucketHours * HOUR_MS;
  const to = new Date(Math.floor(hourOf(now).getTime() / bucketMs) * bucketMs + bucketMs);
  return { from: new Date(to.getTime() - buckets * bucketMs), to, bucketMs, buckets };
}
