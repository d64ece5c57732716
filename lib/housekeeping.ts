import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "./db";
import { log } from "./log";
import { startPeriodic, type Periodic } from "./periodic";
import { hit } from "./rate-limit/service";

/**
 * Deletes what nobody reads any more, so that no table grows without bound:
 * analytics events past their retention or beyond the cap (oldest first),
 * and rate-limit counters whose window is long over (the longest window any
 * limit uses is a day). One instance runs it per period; the others skip.
 */

/** First-party analytics are read in aggregate over recent weeks; older events only cost space. */
export const ANALYTICS_RETENTION_DAYS = 90;
/** However busy the site, at most this many analytics events are kept. */
export const ANALYTICS_MAX_ROWS = 1_000_000;
/** The longest window of any rate limit (the workbench's daily quota). */
const LONGEST_WINDOW = "1 day";
const BATCH = 5_000;
export const HOUSEKEEPING_PERIOD_SEC = 3600;

export interface HousekeepingResult {
  ran: boolean;
  analyticsDeleted: number;
  rateLimitsDeleted: number;
}

/** Deletes the rows `doomed` selects (at most a batch), in batches, each a short statement, until one comes back short. */
async function deleteInBatches(table: "analytics_events" | "rate_limits", key: "id" | "key", doomed: SQL): Promise<number> {
  const d = await db();
  let total = 0;
  for (;;) {
    const result = await d.execute(sql`
      with gone as (delete from ${sql.raw(table)} where ${sql.raw(key)} in (${doomed} limit ${BATCH}) returning 1)
      select count(*)::int as n from gone`);
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

export async function runHousekeeping({ claim = true, maxAnalyticsRows = ANALYTICS_MAX_ROWS } = {}): Promise<HousekeepingResult> {
  if (claim && !(await hit("job:housekeeping", 1, HOUSEKEEPING_PERIOD_SEC)).allowed) {
    return { ran: false, analyticsDeleted: 0, rateLimitsDeleted: 0 };
  }
  const expired = await deleteInBatches(
    "analytics_events",
    "id",
    sql`select id from analytics_events where created_at < now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS})`,
  );
  const overCap = await deleteInBatches(
    "analytics_events",
    "id",
    sql`select id from analytics_events order by created_at desc offset ${maxAnalyticsRows}`,
  );
  const rateLimitsDeleted = await deleteInBatches(
    "rate_limits",
    "key",
    sql`select key from rate_limits where window_start < now() - ${LONGEST_WINDOW}::interval`,
  );
  const result = { ran: true, analyticsDeleted: expired + overCap, rateLimitsDeleted };
  if (result.analyticsDeleted + rateLimitsDeleted > 0) log.info("housekeeping", result);
  return result;
}

export function startHousekeeping(): Periodic {
  return startPeriodic("housekeeping", HOUSEKEEPING_PERIOD_SEC * 1000, () => runHousekeeping());
}
