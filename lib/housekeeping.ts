import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "./db";
import { eraseExpiredDemoAccounts } from "./demo/expiry";
import { deleteInBatches, deleteSelected } from "./db/batch-delete";
import { log } from "./log";
import { startPeriodic, type Periodic } from "./periodic";
import { hit } from "./rate-limit/service";

/**
 * Deletes what nobody reads any more, so that no table grows without bound:
 * analytics events past their retention or beyond the cap (oldest first),
 * and rate-limit counters whose window is long over (the longest window any
 * limit uses is a day), gateway sessions no client used for a day, and
 * the questions to gateway clients an instance left when it stopped, OAuth
 * requests and refresh tokens past their time, OAuth clients nobody uses,
 * maintenance windows and paused alerts long over, and demo visitors'
 * accounts after their day. One
 * instance runs it per period; the others skip.
 */

/** First-party analytics are read in aggregate over recent weeks; older events only cost space. */
export const ANALYTICS_RETENTION_DAYS = 90;
/** However busy the site, at most this many analytics events are kept. */
export const ANALYTICS_MAX_ROWS = 1_000_000;
/** The longest window of any rate limit (the workbench's daily quota). */
const LONGEST_WINDOW = "1 day";
/** A gateway session unused this long is ended: its client initializes again (MCP's answer to a 404). */
const GATEWAY_SESSION_IDLE = "1 day";
/**
 * A client of the console's authorization server (registered, or a metadata
 * document read) that no grant in force uses and nothing used this long is
 * forgotten: registration is open to anyone, and an app that comes back
 * registers again (or its document is read again).
 */
export const OAUTH_CLIENT_UNUSED_DAYS = 30;
/** Maintenance and pauses are shown for the 90 days a status page looks back; after that they are only clutter. */
const MAINTENANCE_KEPT = "90 days";
const BATCH = 5_000;
export const HOUSEKEEPING_PERIOD_SEC = 3600;

export interface HousekeepingResult {
  ran: boolean;
  analyticsDeleted: number;
  rateLimitsDeleted: number;
  gatewaySessionsDeleted: number;
  demoAccountsErased: number;
}

/** Deletes the rows `doomed` selects, a batch at a time, until none are left. */
async function deleteAll(
  table:
    | "analytics_events"
    | "rate_limits"
    | "gateway_sessions"
    | "gateway_relay"
    | "oauth_authorizations"
    | "oauth_refresh_tokens"
    | "oauth_clients"
    | "maintenance_windows"
    | "alert_silences",
  key: "id" | "key" | "token_hash" | "client_id",
  doomed: SQL,
): Promise<number> {
  const d = await db();
  return (await deleteInBatches(BATCH, () => deleteSelected(d, table, key, sql`${doomed} limit ${BATCH}`))).deleted;
}

export async function runHousekeeping({ claim = true, maxAnalyticsRows = ANALYTICS_MAX_ROWS } = {}): Promise<HousekeepingResult> {
  if (claim && !(await hit("job:housekeeping", 1, HOUSEKEEPING_PERIOD_SEC)).allowed) {
    return { ran: false, analyticsDeleted: 0, rateLimitsDeleted: 0, gatewaySessionsDeleted: 0, demoAccountsErased: 0 };
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
  const gatewaySessionsDeleted = await deleteAll(
    "gateway_sessions",
    "id",
    sql`select id from gateway_sessions where last_seen_at < now() - ${GATEWAY_SESSION_IDLE}::interval`,
  );
  await deleteAll("gateway_relay", "id", sql`select id from gateway_relay where created_at < now() - interval '1 hour'`);
  await deleteAll("maintenance_windows", "id", sql`select id from maintenance_windows where ends_at < now() - ${MAINTENANCE_KEPT}::interval`);
  await deleteAll("alert_silences", "id", sql`select id from alert_silences where coalesce(ended_at, ends_at) < now() - ${MAINTENANCE_KEPT}::interval`);
  // An OAuth sign-in request or code lives minutes; a refresh token, used or not, is over at its expiry.
  await deleteAll("oauth_authorizations", "id", sql`select id from oauth_authorizations where expires_at < now() - interval '1 day'`);
  await deleteAll("oauth_refresh_tokens", "token_hash", sql`select token_hash from oauth_refresh_tokens where expires_at < now()`);
  // Its revoked grants and old requests go with it; a grant in force, or anything done with it lately, keeps it.
  const unused = sql`now() - make_interval(days => ${OAUTH_CLIENT_UNUSED_DAYS})`;
  await deleteAll(
    "oauth_clients",
    "client_id",
    sql`select c.client_id from oauth_clients c
        where greatest(c.created_at, c.fetched_at) < ${unused}
          and not exists (select 1 from oauth_grants g where g.client_id = c.client_id
                          and (g.revoked_at is null or greatest(g.created_at, g.last_used_at, g.revoked_at) >= ${unused}))
          and not exists (select 1 from oauth_authorizations a where a.client_id = c.client_id and a.created_at >= ${unused})`,
  );
  const demoAccountsErased = await eraseExpiredDemoAccounts();
  const result = { ran: true, analyticsDeleted: expired + overCap, rateLimitsDeleted, gatewaySessionsDeleted, demoAccountsErased };
  if (result.analyticsDeleted + rateLimitsDeleted + gatewaySessionsDeleted + demoAccountsErased > 0) log.info("housekeeping", result);
  return result;
}

export function startHousekeeping(): Periodic {
  return startPeriodic("housekeeping", HOUSEKEEPING_PERIOD_SEC * 1000, () => runHousekeeping());
}
