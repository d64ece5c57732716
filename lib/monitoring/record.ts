import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { formatDuration } from "../duration";
import type { Tx } from "../db/transaction";
import { incidents, monitorChecks, servers } from "../db/schema";
import { inMaintenance, lastMaintenanceEnd } from "../maintenance/window-check";
import { announceServerChanged } from "../servers/changes";
import type { ServerStatus } from "../servers/schema";
import type { CheckOutcome } from "./check";
import { durationSec, toCheckDto } from "./dto";
import type { CheckDto, CheckTrigger } from "./schema";
import { transition, type Transition } from "./status-machine";
import { writeCheck, type ServerState } from "./write-check";

/**
 * Records a check and everything it implies: the check row (at most one per
 * server and due time: the unique index refuses a second, which is how a
 * check is never counted twice), the server's status, its incident, and the
 * hour's rollup. The activity events follow.
 *
 * Most checks change no incident: given the server's state as it was read
 * before the check, they are recorded in one statement (lib/monitoring/
 * write-check.ts). A check that opens, counts on or closes an incident, or
 * one whose server changed in the meantime, is recorded in a transaction
 * that locks the server's row first.
 */

export interface CheckToRecord {
  serverId: string;
  dueAt: Date;
  trigger: CheckTrigger;
  instance: string;
  outcome: CheckOutcome;
  /** The server's state as read before the check, when the caller has it: the usual check then costs one statement. */
  known?: ServerState;
}

export interface RecordedCheck {
  check: CheckDto;
  status: ServerStatus;
  /** The tool list differs from the stored inventory's (or none was stored): discovery should run. */
  inventoryStale: boolean;
  /** The server's state as this check left it: the `known` of a next check recorded in sequence (lib/demo/history.ts). */
  state: ServerState;
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

/** When an outage opened now began: its run of failures, though not before a maintenance window ended. */
async function outageStart(tx: Tx, serverId: string, failures: number, at: Date): Promise<Date> {
  const since = await failingSince(tx, serverId, failures);
  const maintenanceEnd = await lastMaintenanceEnd(tx, serverId, at);
  return maintenanceEnd && maintenanceEnd > since ? maintenanceEnd : since;
}

type IncidentChange =
  | { kind: "opened"; id: string; reason: string; failedChecks: number }
  | { kind: "closed"; id: string; durationSec: number };

/** Whether recording a check with this transition from this state touches the incidents. */
const touchesIncident = (next: Transition, known: ServerState) => next.incident === "open" || (next.incident === "close" && known.hasOpenIncident);

/** The check's DTO and what follows from it, once its row has landed as `id`. */
function recorded(input: CheckToRecord, id: string, known: ServerState, next: Transition): RecordedCheck {
  const { outcome } = input;
  const check = toCheckDto({
    id,
    dueAt: input.dueAt,
    startedAt: outcome.startedAt,
    trigger: input.trigger,
    result: outcome.result,
    latencyMs: outcome.latencyMs,
    ...outcome.phases,
    failureKind: outcome.failure?.kind ?? null,
    reason: outcome.failure?.reason ?? null,
    toolCount: outcome.toolCount,
    toolsChanged: toolsChanged(outcome, known),
  });
  // A check writes no tool list (discovery does); it opens or keeps an incident when one is due, and closes it on an answer.
  const hasOpenIncident = next.incident === "open" || (next.incident !== "close" && known.hasOpenIncident);
  return {
    check,
    status: next.status,
    inventoryStale: outcome.toolsHash !== null && outcome.toolsHash !== known.toolsHash,
    state: { status: next.status, consecutiveFailures: next.consecutiveFailures, toolsHash: known.toolsHash, hasOpenIncident },
  };
}

const toolsChanged = (outcome: CheckOutcome, known: ServerState) =>
  outcome.toolsHash !== null && known.toolsHash !== null && outcome.toolsHash !== known.toolsHash;

export async function recordCheck(input: CheckToRecord): Promise<RecordedCheck | null> {
  const { known } = input;
  if (known) {
    const next = transition(known, input.outcome.result);
    if (!touchesIncident(next, known)) {
      const written = await writeCheck(await db(), { ...input, toolsChanged: toolsChanged(input.outcome, known) }, known, next);
      if (written.kind === "duplicate") return null;
      if (written.kind === "written") return recorded(input, written.id, known, next);
      // The server moved on since it was read: record it the careful way.
    }
  }
  return recordLocked(input);
}

/** Records a check in a transaction holding the server's row, opening, counting or closing its incident. */
async function recordLocked(input: CheckToRecord): Promise<RecordedCheck | null> {
  const { serverId, outcome } = input;
  let change: IncidentChange | null = null;
  let owner: { ownerUid: string; serverName: string } | undefined;

  const done = await (await db()).transaction(async (tx) => {
    // Checks of one server land one at a time (a manual one can meet a scheduled one). "No key update"
    // lets the check's own foreign key go by: "for update" would deadlock against it.
    const [server] = await tx
      .select({
        ownerUid: servers.ownerUid,
        name: servers.name,
        status: servers.status,
        consecutiveFailures: servers.consecutiveFailures,
        toolsHash: servers.toolsHash,
        // (Spelled out: in a one-table select drizzle leaves column names unqualified, which the subquery would misread.)
        hasOpenIncident: sql<boolean>`exists (select 1 from incidents i where i.server_id = servers.id and i.closed_at is null)`,
      })
      .from(servers)
      .where(eq(servers.id, serverId))
      .for("no key update");
    if (!server) return null;
    owner = { ownerUid: server.ownerUid, serverName: server.name };

    let next = transition(server, outcome.result);
    // In a maintenance window failures are counted but open no incident (so nothing is alerted).
    if (next.incident === "open" && !server.hasOpenIncident && (await inMaintenance(tx, serverId, outcome.startedAt))) next = { ...next, incident: null };
    // The row is locked and was just read: it is in this state.
    const written = await writeCheck(tx, { ...input, toolsChanged: toolsChanged(outcome, server) }, server, next);
    if (written.kind !== "written") return null;

    const open = and(eq(incidents.serverId, serverId), isNull(incidents.closedAt));
    if (next.incident === "open") {
      const reason = outcome.failure?.reason ?? "The server did not answer.";
      const [opened] = server.hasOpenIncident
        ? []
        : await tx
            .insert(incidents)
            .values({
              serverId,
              openedAt: await outageStart(tx, serverId, next.consecutiveFailures, outcome.startedAt),
              failureKind: outcome.failure?.kind ?? null,
              reason,
              failedChecks: next.consecutiveFailures,
            })
            .onConflictDoNothing()
            .returning({ id: incidents.id });
      if (opened) change = { kind: "opened", id: opened.id, reason, failedChecks: next.consecutiveFailures };
      else await tx.update(incidents).set({ failedChecks: sql`${incidents.failedChecks} + 1` }).where(open);
    } else if (next.incident === "close" && server.hasOpenIncident) {
      const [closed] = await tx
        .update(incidents)
        .set({ closedAt: outcome.startedAt })
        .where(open)
        .returning({ id: incidents.id, openedAt: incidents.openedAt });
      if (closed) change = { kind: "closed", id: closed.id, durationSec: durationSec(closed.openedAt, outcome.startedAt) };
    }
    return recorded(input, written.id, server, next);
  });

  if (done && change && owner) {
    await recordIncidentEvent(done, owner, serverId, change);
    // A gateway stops listing a down server's items, and lists them again once it is back.
    await announceServerChanged(serverId);
  }
  return done;
}

async function recordIncidentEvent(recorded: RecordedCheck, owner: { ownerUid: string; serverName: string }, serverId: string, change: IncidentChange) {
  const target = { type: "server", id: serverId };
  if (change.kind === "opened") {
    await record({
      userUid: owner.ownerUid,
      action: "monitor.down",
      summary: `${owner.serverName} is down: ${change.reason}`,
      target,
      metadata: { incidentId: change.id, failureKind: recorded.check.failureKind, failedChecks: change.failedChecks },
    });
  } else {
    await record({
      userUid: owner.ownerUid,
      action: "monitor.recovered",
      summary: `${owner.serverName} is back up after ${formatDuration(change.durationSec)} down`,
      target,
      metadata: { incidentId: change.id, durationSec: change.durationSec },
    });
  }
}
