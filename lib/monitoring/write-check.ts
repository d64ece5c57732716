import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import type { CheckOutcome } from "./check";
import type { CheckTrigger } from "./schema";
import { histogramOf } from "./histogram";
import { hourOf } from "./hour";
import type { StatusState } from "./status-machine";

/**
 * A check's writes in one statement: the check row, the server's new status,
 * and the hour's rollup. The statement first locks the server's row on the
 * condition that it is still in the state the status was computed from; when
 * it is not (another check or an edit came in between), nothing is written
 * and the caller starts again from the row as it is. The check row is
 * inserted only if no check holds its (server, due time) yet (the unique
 * index), and the status and rollup follow only an inserted check, so a
 * check is never counted twice.
 *
 * One statement instead of a transaction of five: at hundreds of checks a
 * second, the round trips to the database are most of what recording costs.
 */

/** What the server's row held when the new status was computed. */
export interface ServerState extends StatusState {
  toolsHash: string | null;
  hasOpenIncident: boolean;
}

export interface CheckWrite {
  serverId: string;
  dueAt: Date;
  trigger: CheckTrigger;
  instance: string;
  outcome: CheckOutcome;
  toolsChanged: boolean;
}

/** `moved`: the row is no longer in `known`'s state; `duplicate`: a check for this due time exists; else the new check's id. */
export type WriteResult = { kind: "moved" } | { kind: "duplicate" } | { kind: "written"; id: string };

type Executor = Pick<Db, "execute">;

const ts = (d: Date | null) => (d === null ? null : d.toISOString());

export async function writeCheck(executor: Executor, input: CheckWrite, known: ServerState, next: StatusState): Promise<WriteResult> {
  const { outcome } = input;
  const { phases } = outcome;
  const latency = outcome.latencyMs;
  const hist = latency === null ? "{}" : `{${histogramOf(latency).join(",")}}`;
  const result = await executor.execute(sql`
    with cur as (
      select s.id from servers s
       where s.id = ${input.serverId}
         and s.status = ${known.status}::server_status
         and s.consecutive_failures = ${known.consecutiveFailures}::int
         and s.tools_hash is not distinct from ${known.toolsHash}::text
         and exists (select 1 from incidents i where i.server_id = s.id and i.closed_at is null) = ${known.hasOpenIncident}::boolean
       for no key update
    ), ins as (
      insert into monitor_checks (server_id, due_at, started_at, trigger, result, latency_ms, connect_ms, initialize_ms, ping_ms, list_ms,
                                  failure_kind, reason, tool_count, tools_changed, instance)
      select cur.id, ${input.dueAt.toISOString()}::timestamptz, ${outcome.startedAt.toISOString()}::timestamptz, ${input.trigger}::text,
             ${outcome.result}::check_result, ${latency}::int, ${phases.connectMs}::int, ${phases.initializeMs}::int, ${phases.pingMs}::int,
             ${phases.listMs}::int, ${outcome.failure?.kind ?? null}::text, ${outcome.failure?.reason ?? null}::text, ${outcome.toolCount}::int,
             ${input.toolsChanged}::boolean, ${input.instance}::text
        from cur
      on conflict do nothing
      returning id, server_id
    ), status as (
      update servers
         set status = ${next.status}::server_status, consecutive_failures = ${next.consecutiveFailures}::int,
             last_check_at = ${ts(outcome.startedAt)}::timestamptz, latency_ms = ${latency}::int
        from ins
       where servers.id = ins.server_id
    ), rollup as (
      insert into monitor_rollups as r (server_id, hour, checks, failed, degraded, latency_sum_ms, latency_count, latency_max_ms, latency_hist)
      select ins.server_id, ${hourOf(outcome.startedAt).toISOString()}::timestamptz, 1, ${outcome.result === "failed" ? 1 : 0}::int,
             ${outcome.result === "degraded" ? 1 : 0}::int, ${latency ?? 0}::bigint, ${latency === null ? 0 : 1}::int, ${latency ?? 0}::int,
             ${hist}::integer[]
        from ins
      on conflict (server_id, hour) do update
         set checks = r.checks + excluded.checks,
             failed = r.failed + excluded.failed,
             degraded = r.degraded + excluded.degraded,
             latency_sum_ms = r.latency_sum_ms + excluded.latency_sum_ms,
             latency_count = r.latency_count + excluded.latency_count,
             latency_max_ms = greatest(r.latency_max_ms, excluded.latency_max_ms),
             -- Histograms add element by element (a stored one may be shorter: bounds added later).
             latency_hist = (select coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) order by i), '{}'::integer[])
                               from unnest(r.latency_hist, excluded.latency_hist) with ordinality as u(a, b, i))
    )
    select (select count(*) from cur)::int as matched, (select id from ins) as id`);
  const row = (result as unknown as { rows: { matched: number; id: string | null }[] }).rows[0];
  if (Number(row.matched) === 0) return { kind: "moved" };
  return row.id ? { kind: "written", id: String(row.id) } : { kind: "duplicate" };
}
