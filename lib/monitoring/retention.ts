import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "../db";
import { deleteInBatches, deleteSelected } from "../db/batch-delete";
import { log as rootLog, type Logger } from "../log";
import { PLANS, type Plan } from "../plans/table";
import { hit } from "../rate-limit/service";
import { FREE_UPTIME_WINDOWS, UPTIME_WINDOWS } from "./schema";
import { WINDOW_BUCKETS } from "./windows";

/**
 * Deletes monitoring history its owner's plan no longer keeps: raw checks
 * older than the plan's retention, hourly rollups older than the longest
 * uptime window the plan can read. In batches, each its own short statement,
 * found server by server through the (server, time) indexes, so that a
 * large backlog never takes a long lock or scans the whole table. A plan
 * that lapsed counts as the free tier.
 */

/** One run per period across all instances: the first instance to offer in a period runs it. */
export const RETENTION_PERIOD_SEC = 600;
const CLAIM_KEY = "job:monitor-retention";

export interface RetentionOptions {
  instance: string;
  log?: Logger;
  /** Rows per DELETE. */
  batchSize?: number;
  /** Stop after this long; the next run goes on. */
  budgetMs?: number;
  shouldStop?: () => boolean;
  /** Whether to claim this period first (the scheduler does; a direct call need not). */
  claim?: boolean;
}

export interface RetentionResult {
  ran: boolean;
  checksDeleted: number;
  rollupsDeleted: number;
  batches: number;
}

const HOUR_SEC = 3600;

/** How far back the longest uptime window a plan can read goes (a window ends with the bucket now is in). */
export function rollupKeepSec(plan: Plan): number {
  const windows = plan.features.fullMonitoring ? UPTIME_WINDOWS : FREE_UPTIME_WINDOWS;
  return Math.max(...windows.map((w) => WINDOW_BUCKETS[w].bucketHours * WINDOW_BUCKETS[w].buckets)) * HOUR_SEC;
}

/** The owner's effective plan's value, as SQL over `u` (users): a lapsed paid plan is the free tier. */
function perPlan(value: (plan: Plan) => number): SQL {
  const free = PLANS["free tier"];
  const paid = Object.values(PLANS).filter((p) => p.id !== free.id);
  const branches = paid.map((p) => sql` when u.subscription_plan = ${p.id} then ${sql.raw(String(value(p)))}`);
  return sql`(case when u.subscription_plan = ${free.id} or u.subscription_expires_at <= now() then ${sql.raw(String(value(free)))}${sql.join(branches)} end)`;
}

async function deleteBatch(table: "monitor_checks" | "monitor_rollups", limit: number): Promise<number> {
  const cutoff =
    table === "monitor_checks"
      ? sql`now() - ${perPlan((p) => p.historyRetentionDays * 24 * HOUR_SEC)} * interval '1 second'`
      : sql`now() - ${perPlan(rollupKeepSec)} * interval '1 second'`;
  const doomed =
    table === "monitor_checks"
      ? sql`select id from monitor_checks c where c.server_id = s.id and c.due_at < ${cutoff} limit ${limit}`
      : sql`select server_id, hour from monitor_rollups r where r.server_id = s.id and r.hour < ${cutoff} limit ${limit}`;
  const key = table === "monitor_checks" ? "id" : "(server_id, hour)";
  return deleteSelected(
    await db(),
    table,
    key,
    sql`select d.* from servers s join users u on u.uid = s.owner_uid cross join lateral (${doomed}) d limit ${limit}`,
  );
}

export async function runRetention(options: RetentionOptions): Promise<RetentionResult> {
  const log = options.log ?? rootLog;
  const result: RetentionResult = { ran: false, checksDeleted: 0, rollupsDeleted: 0, batches: 0 };
  if (options.claim !== false && !(await hit(CLAIM_KEY, 1, RETENTION_PERIOD_SEC)).allowed) return result;
  result.ran = true;
  const batchSize = options.batchSize ?? 5_000;
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const more = () => Date.now() < deadline && !options.shouldStop?.();
  for (const table of ["monitor_checks", "monitor_rollups"] as const) {
    const { deleted, batches } = await deleteInBatches(batchSize, () => deleteBatch(table, batchSize), more);
    result.batches += batches;
    if (table === "monitor_checks") result.checksDeleted = deleted;
    else result.rollupsDeleted = deleted;
  }
  if (result.checksDeleted || result.rollupsDeleted) log.info("monitoring history deleted", { instance: options.instance, ...result });
  return result;
}
