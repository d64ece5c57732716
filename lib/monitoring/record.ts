import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import type { Db } from "../db/client";
import { incidents, monitorChecks, monitorRollups, servers } from "../db/schema";
import type { ServerStatus } from "../servers/schema";
import type { CheckOutcome } from "./check";
import { checkColumns, durationSec, toCheckDto } from "./dto";
import { histogramOf } from "./histogram";
import { hourOf } from "./hour";
import type { CheckDto } from "./schema";
import { transition } from "./status-machine";

/**
 * Records a check and everything it implies, in one transaction: the check
 * row (at most one per server and due time: the unique index refuses a
 * second, which is how a check is never counted twice), the server's
 * status, its incident, and the hour's rollup. The activity events follow
 * the commit.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface CheckToRecord {
  serverId: string;
  dueAt: Date;
  trigger: "schedule" | "manual";
  instance: string;
  outcome: CheckOutcome;
}

export interface RecordedCheck {
  check: CheckDto;
  status: ServerStatus;
  ownerUid: string;
  serverName: string;
  /** The tool list differs from the stored inventory's (or none was stored): discovery should run. */
  inventoryStale: boolean;
}

/** Adds one check to its server's hourly rollup; histograms add element by element. */
async function addToRollup(tx: Tx, serverId: string, outcome: CheckOutcome) {
  const latency = outcome.latencyMs;
  await tx
    .insert(monitorRollups)
    .values({
      serverId,
      hour: hourOf(outcome.startedAt),
      checks: 1,
      failed: outcome.result === "failed" ? 1 : 0,
      degraded: outcome.result === "degraded" ? 1 : 0,
      latencySumMs: latency ?? 0,
      latencyCount: latency === null ? 0 : 1,
      latencyMaxMs: latency ?? 0,
      latencyHist: latency === null ? [] : histogramOf(latency),
    })
    .onConflictDoUpdate({
      target: [monitorRollups.serverId, monitorRollups.hour],
      set: {
        checks: sql`${monitorRollups.checks} + excluded.checks`,
        failed: sql`${monitorRollups.failed} + excluded.failed`,
        degraded: sql`${monitorRollups.degraded} + excluded.degraded`,
        latencySumMs: sql`${monitorRollups.latencySumMs} + excluded.latency_sum_ms`,
        latencyCount: sql`${monitorRollups.latencyCount} + excluded.latency_count`,
        latencyMaxMs: sql`greatest(${monitorRollups.latencyMaxMs}, excluded.latency_max_ms)`,
        latencyHist: sql`(select coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) order by i), '{}'::integer[])
          from unnest(${monitorRollups.latencyHist}, excluded.latency_hist) with ordinality as u(a, b, i))`,
      },
    });
}

/** When the run of failures began: the earliest of the server's last `n` checks (this one included). */
async function failingSince(tx: Tx, serverId: string, n: number): Promise<Date> {
  const recent = await tx
    .select({ startedAt: monitorChecks.startedAt })
    .from(monitorChecks)
    .where(eq(monitorChecks.serverId, serverId))
    .orderBy(desc(monitorChecks.dueAt), desc(monitorChecks.id))
    .limit(n);
  return new Date(Math.min(...recent.map((r) => r.startedAt.getTime())));
}

type IncidentChange =
  | { kind: "opened"; id: string; reason: string; failedChecks: number }
  | { kind: "closed"; id: string; durationSec: number };

export async function recordCheck(input: CheckToRecord): Promise<RecordedCheck | null> {
  const { serverId, outcome } = input;
  let change: IncidentChange | null = null;

  const recorded = await (await db()).transaction(async (tx) => {
    // Checks of one server land one at a time (a manual one can meet a scheduled one). "No key update"
    // lets the check's own foreign key go by: "for update" would deadlock against it.
    const [server] = await tx
      .select({
        ownerUid: servers.ownerUid,
        name: servers.name,
        status: servers.status,
        consecutiveFailures: servers.consecutiveFailures,
        toolsHash: servers.toolsHash,
      })
      .from(servers)
      .where(eq(servers.id, serverId))
      .for("no key update");
    if (!server) return null;

    const toolsChanged = outcome.toolsHash !== null && server.toolsHash !== null && outcome.toolsHash !== server.toolsHash;
    const [row] = await tx
      .insert(monitorChecks)
      .values({
        serverId,
        dueAt: input.dueAt,
        startedAt: outcome.startedAt,
        trigger: input.trigger,
        result: outcome.result,
        latencyMs: outcome.latencyMs,
        ...outcome.phases,
        failureKind: outcome.failure?.kind ?? null,
        reason: outcome.failure?.reason ?? null,
        toolCount: outcome.toolCount,
        toolsChanged,
        instance: input.instance,
      })
      .onConflictDoNothing()
      .returning(checkColumns);
    if (!row) return null;

    const next = transition(server, outcome.result);
    await tx
      .update(servers)
      .set({
        status: next.status,
        consecutiveFailures: next.consecutiveFailures,
        lastCheckAt: outcome.startedAt,
        latencyMs: outcome.latencyMs,
      })
      .where(eq(servers.id, serverId));

    const open = and(eq(incidents.serverId, serverId), isNull(incidents.closedAt));
    if (next.incident === "open") {
      const reason = outcome.failure?.reason ?? "The server did not answer.";
      const [opened] = await tx
        .insert(incidents)
        .values({
          serverId,
          openedAt: await failingSince(tx, serverId, next.consecutiveFailures),
          failureKind: outcome.failure?.kind ?? null,
          reason,
          failedChecks: next.consecutiveFailures,
        })
        .onConflictDoNothing()
        .returning({ id: incidents.id });
      if (opened) change = { kind: "opened", id: opened.id, reason, failedChecks: next.consecutiveFailures };
      else await tx.update(incidents).set({ failedChecks: sql`${incidents.failedChecks} + 1` }).where(open);
    } else if (next.incident === "close") {
      const [closed] = await tx
        .update(incidents)
        .set({ closedAt: outcome.startedAt })
        .where(open)
        .returning({ id: incidents.id, openedAt: incidents.openedAt });
      if (closed) change = { kind: "closed", id: closed.id, durationSec: durationSec(closed.openedAt, outcome.startedAt) };
    }

    await addToRollup(tx, serverId, outcome);
    return {
      check: toCheckDto(row),
      status: next.status,
      ownerUid: server.ownerUid,
      serverName: server.name,
      inventoryStale: outcome.toolsHash !== null && outcome.toolsHash !== server.toolsHash,
    };
  });

  if (recorded && change) await recordIncidentEvent(recorded, serverId, change);
  return recorded;
}

/** "3 min 20 s", "2 h 5 min", "4 d 3 h": the length of an outage at a glance. */
export function formatDuration(sec: number): string {
  const parts: [number, string][] = [
    [Math.floor(sec / 86_400), "d"],
    [Math.floor((sec % 86_400) / 3_600), "h"],
    [Math.floor((sec % 3_600) / 60), "min"],
    [sec % 60, "s"],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return "0 s";
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(" ");
}

async function recordIncidentEvent(recorded: RecordedCheck, serverId: string, change: IncidentChange) {
  const target = { type: "server", id: serverId };
  if (change.kind === "opened") {
    await record({
      userUid: recorded.ownerUid,
      action: "monitor.down",
      summary: `${recorded.serverName} is down: ${change.reason}`,
      target,
      metadata: { incidentId: change.id, failureKind: recorded.check.failureKind, failedChecks: change.failedChecks },
    });
  } else {
    await record({
      userUid: recorded.ownerUid,
      action: "monitor.recovered",
      summary: `${recorded.serverName} is back up after ${formatDuration(change.durationSec)} down`,
      target,
      metadata: { incidentId: change.id, durationSec: change.durationSec },
    });
  }
}
