import "server-only";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../db/transaction";
import { record } from "../activity/service";
import { db } from "../db";
import type { Db } from "../db/database";
import { maintenanceWindows, maintenanceWindowServers, servers, statusPages, statusPageServers } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { assertAllowed } from "../plans/capabilities";
import type { PlanHolder } from "../plans/holder";
import type { Origin } from "../servers/service";
import type { MaintenanceCreate, MaintenanceDto } from "./schema";

/**
 * The owner's maintenance windows. Every query is scoped to the owner, and
 * a window names only the owner's servers. Scheduling needs no plan: it only
 * keeps incidents (and so alerts) from opening.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a finished window stays in the owner's list. */
const SHOWN_AFTER_END_MS = 7 * 86_400_000;

const utc = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

/**
 * A new version of the owner's status pages that list these servers: their
 * cached data is keyed by it (lib/status-pages/public.ts), so they announce
 * a window, or stop announcing it, at once.
 */
async function touchPages(tx: Tx, uid: string, serverIds: string[]) {
  if (serverIds.length === 0) return;
  const listing = tx.select({ id: statusPageServers.pageId }).from(statusPageServers).where(inArray(statusPageServers.serverId, serverIds));
  await tx.update(statusPages).set({ updatedAt: new Date() }).where(and(eq(statusPages.ownerUid, uid), inArray(statusPages.id, listing)));
}

async function withServers(d: Db, uid: string, rows: (typeof maintenanceWindows.$inferSelect)[]): Promise<MaintenanceDto[]> {
  if (rows.length === 0) return [];
  const listed = await d
    .select({ windowId: maintenanceWindowServers.windowId, id: servers.id, name: servers.name })
    .from(maintenanceWindowServers)
    .innerJoin(servers, and(eq(servers.id, maintenanceWindowServers.serverId), eq(servers.ownerUid, uid)))
    .where(inArray(maintenanceWindowServers.windowId, rows.map((r) => r.id)))
    .orderBy(asc(servers.name));
  return rows.map((r) => ({
    id: r.id,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    note: r.note,
    servers: listed.filter((s) => s.windowId === r.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function listMaintenance(uid: string, now = new Date()): Promise<MaintenanceDto[]> {
  const d = await db();
  const rows = await d
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.ownerUid, uid), gt(maintenanceWindows.endsAt, new Date(now.getTime() - SHOWN_AFTER_END_MS))))
    .orderBy(asc(maintenanceWindows.startsAt), asc(maintenanceWindows.id));
  return withServers(d, uid, rows);
}

export async function scheduleMaintenance(actor: PlanHolder, input: MaintenanceCreate, origin: Origin = {}, now = new Date()): Promise<MaintenanceDto> {
  const { uid } = actor;
  // The note is on the public status pages that list these servers.
  if (input.note) assertAllowed(actor, "publishing");
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= now) throw badRequest("This window is already over.", [{ path: "endsAt", message: "Choose an end in the future." }]);
  const d = await db();
  const row = await d.transaction(async (tx) => {
    const owned = await tx.select({ id: servers.id }).from(servers).where(and(eq(servers.ownerUid, uid), inArray(servers.id, input.serverIds)));
    if (owned.length !== input.serverIds.length) {
      const message = "Some of these servers are not yours, or no longer exist.";
      throw badRequest(message, [{ path: "serverIds", message }]);
    }
    const [created] = await tx.insert(maintenanceWindows).values({ ownerUid: uid, startsAt, endsAt, note: input.note }).returning();
    await tx.insert(maintenanceWindowServers).values(input.serverIds.map((serverId) => ({ windowId: created.id, serverId })));
    await touchPages(tx, uid, input.serverIds);
    return created;
  });
  const [dto] = await withServers(d, uid, [row]);
  await record({
    userUid: uid,
    action: "maintenance.scheduled",
    summary: `Scheduled maintenance of ${dto.servers.map((s) => s.name).join(", ")} from ${utc(startsAt)} to ${utc(endsAt)}`,
    target: { type: "maintenance", id: row.id },
    metadata: { startsAt: dto.startsAt, endsAt: dto.endsAt, servers: input.serverIds.length, note: input.note },
    req: origin.req,
    ip: origin.ip,
  });
  return dto;
}

/** Cancels a window (or removes a finished one from the list); checks after it open incidents again. */
export async function cancelMaintenance(uid: string, id: string, origin: Origin = {}): Promise<void> {
  if (!UUID.test(id)) throw notFound("No maintenance window with this id.");
  const gone = await (await db()).transaction(async (tx) => {
    const covered = await tx.select({ id: maintenanceWindowServers.serverId }).from(maintenanceWindowServers).where(eq(maintenanceWindowServers.windowId, id));
    const [row] = await tx
      .delete(maintenanceWindows)
      .where(and(eq(maintenanceWindows.id, id), eq(maintenanceWindows.ownerUid, uid)))
      .returning({ startsAt: maintenanceWindows.startsAt, endsAt: maintenanceWindows.endsAt });
    if (row) await touchPages(tx, uid, covered.map((s) => s.id));
    return row;
  });
  if (!gone) throw notFound("No maintenance window with this id.");
  await record({
    userUid: uid,
    action: "maintenance.cancelled",
    summary: `Cancelled the maintenance from ${utc(gone.startsAt)} to ${utc(gone.endsAt)}`,
    target: { type: "maintenance", id },
    metadata: { startsAt: gone.startsAt.toISOString(), endsAt: gone.endsAt.toISOString() },
    req: origin.req,
    ip: origin.ip,
  });
}
