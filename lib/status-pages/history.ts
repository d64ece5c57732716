import "server-only";
import { and, asc, desc, eq, gt, inArray, lte, type SQL } from "drizzle-orm";
import type { Db } from "../db/database";
import { incidents, incidentUpdates, maintenanceWindows, maintenanceWindowServers } from "../db/schema";
import { durationSec } from "../monitoring/dto";
import type { PublicMaintenance } from "../maintenance/schema";
import { publicIncidentSummary } from "./public-words";
import type { PublicPastIncident } from "./schema";

/**
 * What a status page tells of the past and the coming days: the incidents and
 * the maintenance of the last 90 days, and the maintenance scheduled for its
 * servers. Servers are named, never identified: the page carries no ids.
 */

export const HISTORY_DAYS = 90;
/** The most incidents a page lists: a server that flapped for weeks would bury everything else. */
const MAX_HISTORY = 100;
const MAX_MAINTENANCE = 20;

export async function incidentHistory(d: Db, names: Map<string, string>, now: Date): Promise<PublicPastIncident[]> {
  const ids = [...names.keys()];
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const rows = await d
    .select({ id: incidents.id, serverId: incidents.serverId, openedAt: incidents.openedAt, closedAt: incidents.closedAt, failureKind: incidents.failureKind })
    .from(incidents)
    .where(and(inArray(incidents.serverId, ids), gt(incidents.openedAt, since), lte(incidents.openedAt, now)))
    .orderBy(desc(incidents.openedAt), desc(incidents.id))
    .limit(MAX_HISTORY);
  const notes = await incidentNotes(d, rows.map((r) => r.id));
  return rows.map((r) => ({
    server: names.get(r.serverId) ?? "",
    openedAt: r.openedAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    durationSec: r.closedAt ? durationSec(r.openedAt, r.closedAt) : null,
    summary: publicIncidentSummary(r.failureKind),
    updates: notes.get(r.id) ?? [],
  }));
}

/** The updates posted on each of these incidents, oldest first, by incident id: what a page adds to an incident's summary. */
export async function incidentNotes(d: Db, incidentIds: string[]): Promise<Map<string, PublicPastIncident["updates"]>> {
  const notes = new Map<string, PublicPastIncident["updates"]>();
  if (incidentIds.length === 0) return notes;
  const rows = await d
    .select({ incidentId: incidentUpdates.incidentId, body: incidentUpdates.body, createdAt: incidentUpdates.createdAt })
    .from(incidentUpdates)
    .where(inArray(incidentUpdates.incidentId, incidentIds))
    .orderBy(asc(incidentUpdates.createdAt), asc(incidentUpdates.id));
  for (const n of rows) {
    const list = notes.get(n.incidentId) ?? [];
    list.push({ body: n.body, createdAt: n.createdAt.toISOString() });
    notes.set(n.incidentId, list);
  }
  return notes;
}

/** Windows not yet over that cover any of the page's servers, soonest first, naming only those servers. */
export const scheduledMaintenance = (d: Db, names: Map<string, string>, now: Date) =>
  maintenanceOf(d, names, gt(maintenanceWindows.endsAt, now), asc(maintenanceWindows.startsAt));

/** Windows of the page's servers that ended in the last 90 days, latest first: the history says when figures were excused. */
export const pastMaintenance = (d: Db, names: Map<string, string>, now: Date) =>
  maintenanceOf(
    d,
    names,
    and(lte(maintenanceWindows.endsAt, now), gt(maintenanceWindows.endsAt, new Date(now.getTime() - HISTORY_DAYS * 86_400_000))),
    desc(maintenanceWindows.startsAt),
  );

async function maintenanceOf(d: Db, names: Map<string, string>, when: SQL | undefined, order: SQL): Promise<PublicMaintenance[]> {
  const ids = [...names.keys()];
  if (ids.length === 0) return [];
  const rows = await d
    .select({
      id: maintenanceWindows.id,
      startsAt: maintenanceWindows.startsAt,
      endsAt: maintenanceWindows.endsAt,
      note: maintenanceWindows.note,
      serverId: maintenanceWindowServers.serverId,
    })
    .from(maintenanceWindowServers)
    .innerJoin(maintenanceWindows, eq(maintenanceWindows.id, maintenanceWindowServers.windowId))
    .where(and(inArray(maintenanceWindowServers.serverId, ids), when))
    .orderBy(order, asc(maintenanceWindows.id));
  const byWindow = new Map<string, PublicMaintenance & { positions: number[] }>();
  for (const r of rows) {
    const shown = byWindow.get(r.id) ?? { startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString(), note: r.note, servers: [], positions: [] };
    shown.positions.push(ids.indexOf(r.serverId));
    byWindow.set(r.id, shown);
  }
  // Servers are named in the page's order, which is the order of `names`.
  return [...byWindow.values()]
    .slice(0, MAX_MAINTENANCE)
    .map(({ positions, ...w }) => ({ ...w, servers: positions.sort((a, b) => a - b).map((i) => names.get(ids[i]) ?? "") }));
}
