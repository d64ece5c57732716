import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "./db";
import { deleteInBatches, deleteSelected } from "./db/batch-delete";
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

/** Deletes the rows `doomed` selects, a batch at a time, until none are left. */
async function deleteAll(table: "analytics_events" | "rate_limits", key: "id" | "key", doomed: SQL): Promise<number> {
  const d = await db();
  return (await deleteInBatches(BATCH, () => deleteSelected(d, table, key, sql`${doomed} limit ${BATCH}`))).deleted;
}

export async function runHousekeeping({ claim = true, maxAnalyticsRows = ANALYTICS_MAX_ROWS } = {}): Promise<HousekeepingResult> {
  if (claim && !(await hit("job:housekeeping", 1, HOUSEKEEPING_PERIOD_SEC)).allowed) {
    return { ran: false, analyticsDeleted: 0, rateLimitsDeleted: 0 };
  }
  const expired = await deleteAll(
    "analytics_events",
    "id",
    sql`select id from analytics_events where created_at < now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS})`,
  );
  const overCap = await deleteAll(
    "analytics_events",
    "id",
    sql`select id from analytics_events order by created_at desc offset ${maxAnalyticsRows}`,
  );
  const rateLimitsDeleted = await deleteAll(
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
