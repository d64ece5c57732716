import "server-only";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database";
import type { Tx } from "../db/transaction";
import { alertFlapStates, incidents, servers, users } from "../db/schema";
import { FLAP_WINDOW_MS, onChange, onReview, reviewAt, type FlapState } from "./flapping";
import { incidentPayload, type IncidentRow } from "./payload";
import { serverChannels } from "./channels/routing";
import { ownerColumns, queueDeliveries, type Owner } from "./recipients";
import { silenceFor } from "./silences";
import type { AlertEventName, AlertFlapping } from "./schema";

/**
 * From incidents to deliveries. monitor-core opens and closes incidents and
 * knows nothing of alerts; an opening or closing not yet notified is this
 * module's outbox. Work is claimed per server by locking its flap state row
 * (FOR UPDATE SKIP LOCKED): any number of instances on one PostgreSQL share
 * the work, a server's changes are handled in order in one place, and the
 * deliveries are queued in the same transaction that marks the incident
 * notified, so nothing is alerted twice or lost.
 */

type FlapStateRow = typeof alertFlapStates.$inferSelect;

/** Same condition as the partial index incidents_to_notify_idx, so that it serves this query. */
const toNotify = or(isNull(incidents.openedNotifiedAt), and(isNotNull(incidents.closedAt), isNull(incidents.closedNotifiedAt)));

const WINDOW_MINUTES = FLAP_WINDOW_MS / 60_000;

interface ServerOwner extends Owner {
  serverName: string;
}

async function serverOwner(tx: Tx, serverId: string): Promise<ServerOwner | undefined> {
  const [row] = await tx
    .select({ ...ownerColumns, serverName: servers.name })
    .from(servers)
    .innerJoin(users, eq(users.uid, servers.ownerUid))
    .where(eq(servers.id, serverId))
    .limit(1);
  return row;
}

async function openingsIn(tx: Tx, serverId: string, end: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(incidents)
    .where(and(eq(incidents.serverId, serverId), gt(incidents.openedAt, new Date(end.getTime() - FLAP_WINDOW_MS)), lte(incidents.openedAt, end)));
  return row?.n ?? 0;
}

const incidentColumns = { id: incidents.id, openedAt: incidents.openedAt, closedAt: incidents.closedAt, reason: incidents.reason };

async function latestIncident(tx: Tx, serverId: string): Promise<IncidentRow | undefined> {
  const [row] = await tx.select(incidentColumns).from(incidents).where(eq(incidents.serverId, serverId)).orderBy(desc(incidents.openedAt), desc(incidents.id)).limit(1);
  return row;
}

const stateOf = (row: FlapStateRow): FlapState => ({
  flappingSince: row.flappingSince,
  lastChangeAt: row.lastChangeAt,
  lastSummaryAt: row.lastSummaryAt,
  changesSinceSummary: row.changesSinceSummary,
});

async function saveState(tx: Tx, serverId: string, state: FlapState) {
  await tx
    .update(alertFlapStates)
    .set({ ...state, reviewAt: reviewAt(state) })
    .where(eq(alertFlapStates.serverId, serverId));
}

async function queue(
  tx: Tx,
  owner: ServerOwner,
  serverId: string,
  now: Date,
  event: Exclude<AlertEventName, "test">,
  incident: IncidentRow | null,
  flapping?: AlertFlapping,
): Promise<number> {
  const silence = await silenceFor(tx, owner.uid, serverId, now);
  const ids = await queueDeliveries(tx, {
    silenced: silence ? `Not sent: alerts were paused (${silence.reason}).` : undefined,
    owner,
    channels: await serverChannels(tx, owner, serverId),
    serverId,
    incidentId: incident?.id ?? null,
    now,
    payload: (id) => incidentPayload({ id, event, createdAt: now, server: { id: serverId, name: owner.serverName }, incident, flapping }),
  });
  return ids.length;
}

/** Handles every pending opening and closing of one server, oldest first. */
async function notifyServer(tx: Tx, serverId: string, row: FlapStateRow, now: Date): Promise<number> {
  const pending = await tx
    .select({ ...incidentColumns, openedNotifiedAt: incidents.openedNotifiedAt, closedNotifiedAt: incidents.closedNotifiedAt })
    .from(incidents)
    .where(and(eq(incidents.serverId, serverId), toNotify))
    .orderBy(asc(incidents.openedAt), asc(incidents.id))
    .for("update");
  const owner = await serverOwner(tx, serverId);
  if (!owner) return 0;

  const changes = pending
    .flatMap((i) => [
      ...(i.openedNotifiedAt ? [] : [{ kind: "opened" as const, at: i.openedAt, incident: i }]),
      ...(i.closedAt && !i.closedNotifiedAt ? [{ kind: "resolved" as const, at: i.closedAt, incident: i }] : []),
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === "opened" ? -1 : 1));

  let state = stateOf(row);
  let queued = 0;
  for (const change of changes) {
    const openingsInWindow = change.kind === "opened" ? await openingsIn(tx, serverId, change.at) : 0;
    const outcome = onChange(state, { kind: change.kind, at: change.at, openingsInWindow }, now);
    state = outcome.state;
    if (outcome.send === "alert") {
      queued += await queue(tx, owner, serverId, now, change.kind === "opened" ? "incident.opened" : "incident.resolved", change.incident);
    } else if (outcome.send === "flapping") {
      queued += await queue(tx, owner, serverId, now, "incident.flapping", change.incident, {
        since: change.at.toISOString(),
        summary: false,
        windowMinutes: WINDOW_MINUTES,
        openings: openingsInWindow,
        changes: 1,
        status: "down",
      });
    }
  }
  for (const i of pending) {
    await tx
      .update(incidents)
      .set({ openedNotifiedAt: i.openedNotifiedAt ?? now, ...(i.closedAt ? { closedNotifiedAt: i.closedNotifiedAt ?? now } : {}) })
      .where(eq(incidents.id, i.id));
  }
  await saveState(tx, serverId, state);
  return queued;
}

/**
 * Claims up to `maxServers` flap-state rows matching `where`, one transaction
 * each, locked so that another instance skips them, and hands each to
 * `handle`. Stops early when none is left; returns how many deliveries the
 * handlers queued.
 */
async function eachClaimedServer(
  d: Db,
  maxServers: number,
  where: (tx: Tx) => SQL,
  handle: (tx: Tx, row: FlapStateRow) => Promise<number>,
): Promise<number> {
  let queued = 0;
  for (let n = 0; n < maxServers; n++) {
    const handled = await d.transaction(async (tx) => {
      const [row] = await tx.select().from(alertFlapStates).where(where(tx)).limit(1).for("update", { skipLocked: true });
      return row ? handle(tx, row) : null;
    });
    if (handled === null) break;
    queued += handled;
  }
  return queued;
}

/**
 * Claims servers with incidents to notify, one transaction per server, and
 * queues their alerts. Returns how many deliveries were queued.
 */
export async function notifyIncidents(d: Db, now: Date, maxServers = 20): Promise<number> {
  // The row to lock must exist before anyone can lock it.
  await d.execute(
    sql`insert into ${alertFlapStates} (server_id) select distinct ${incidents.serverId} from ${incidents} where ${toNotify} on conflict do nothing`,
  );
  return eachClaimedServer(
    d,
    maxServers,
    (tx) => inArray(alertFlapStates.serverId, tx.select({ serverId: incidents.serverId }).from(incidents).where(toNotify)),
    (tx, row) => notifyServer(tx, row.serverId, row, now),
  );
}

/** Sends flapping servers the summary or the "stable again" alert they are owed at `now`. */
export async function reviewFlapping(d: Db, now: Date, maxServers = 20): Promise<number> {
  return eachClaimedServer(
    d,
    maxServers,
    () => lte(alertFlapStates.reviewAt, now),
    async (tx, row) => {
      const before = stateOf(row);
      const { state, send } = onReview(before, now);
      let sent = 0;
      if (send !== "none") {
        const owner = await serverOwner(tx, row.serverId);
        const incident = (await latestIncident(tx, row.serverId)) ?? null;
        if (owner) {
          sent = await queue(tx, owner, row.serverId, now, send === "stable" ? "incident.stable" : "incident.flapping", incident, {
            since: before.flappingSince!.toISOString(),
            summary: true,
            windowMinutes: WINDOW_MINUTES,
            openings: await openingsIn(tx, row.serverId, now),
            changes: before.changesSinceSummary,
            status: incident && !incident.closedAt ? "down" : "up",
          });
        }
      }
      await saveState(tx, row.serverId, state);
      return sent;
    },
  );
}
