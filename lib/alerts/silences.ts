import "server-only";
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import type { Tx } from "../db/transaction";
import { alertSilences, servers } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import type { Origin } from "../servers/service";
import { SILENCE_DURATION_LABELS, type SilenceCreate, type SilenceDto } from "./silence-schema";

/**
 * Paused alerts. The dispatcher still turns every opening and closing into
 * deliveries, but those a pause covers are stored as `silenced` and never
 * sent, so the deliveries list says what was held back. Every query is
 * scoped to the owner.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;
const DURATION_MS = { "1h": HOUR_MS, "4h": 4 * HOUR_MS, "24h": 24 * HOUR_MS, "until-resumed": null } as const;

/** Pauses in force at `at`: not resumed, begun, and not yet run out. */
const inForce = (at: Date) => and(isNull(alertSilences.endedAt), lte(alertSilences.startsAt, at), or(isNull(alertSilences.endsAt), gt(alertSilences.endsAt, at)));

/** The pause covering this owner's server at `at` (its own or one for every server), if any. */
export async function silenceFor(tx: Tx, ownerUid: string, serverId: string, at: Date): Promise<{ reason: string } | undefined> {
  const [row] = await tx
    .select({ reason: alertSilences.reason })
    .from(alertSilences)
    .where(and(eq(alertSilences.ownerUid, ownerUid), or(isNull(alertSilences.serverId), eq(alertSilences.serverId, serverId)), inForce(at)))
    .limit(1);
  return row;
}

export async function listSilences(uid: string, now = new Date()): Promise<SilenceDto[]> {
  const rows = await (await db())
    .select({
      id: alertSilences.id,
      serverId: alertSilences.serverId,
      serverName: servers.name,
      reason: alertSilences.reason,
      startsAt: alertSilences.startsAt,
      endsAt: alertSilences.endsAt,
    })
    .from(alertSilences)
    .leftJoin(servers, and(eq(servers.id, alertSilences.serverId), eq(servers.ownerUid, uid)))
    .where(and(eq(alertSilences.ownerUid, uid), inForce(now)))
    .orderBy(sql`${alertSilences.serverId} nulls first`, asc(alertSilences.startsAt));
  return rows.map((r) => ({
    id: r.id,
    server: r.serverId ? { id: r.serverId, name: r.serverName ?? "" } : null,
    reason: r.reason,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
  }));
}

/** Pauses the owner's alerts for one server or all; a pause of the same servers in force takes the new time and reason. */
export async function pauseAlerts(uid: string, input: SilenceCreate, origin: Origin = {}, now = new Date()): Promise<SilenceDto> {
  const ms = DURATION_MS[input.duration];
  const endsAt = ms === null ? null : new Date(now.getTime() + ms);
  const { id, serverName } = await (await db()).transaction(async (tx) => {
    let serverName: string | null = null;
    if (input.serverId) {
      const [owned] = await tx.select({ name: servers.name }).from(servers).where(and(eq(servers.id, input.serverId), eq(servers.ownerUid, uid))).limit(1);
      if (!owned) throw badRequest("This server is not yours, or no longer exists.", [{ path: "serverId", message: "Choose a server from your list." }]);
      serverName = owned.name;
    }
    const sameScope = input.serverId ? eq(alertSilences.serverId, input.serverId) : isNull(alertSilences.serverId);
    const values = { reason: input.reason, startsAt: now, endsAt };
    // A pause of the same servers in force is changed rather than doubled: one pause, one Resume.
    const [changed] = await tx
      .update(alertSilences)
      .set(values)
      .where(and(eq(alertSilences.ownerUid, uid), sameScope, inForce(now)))
      .returning({ id: alertSilences.id });
    const [row] = changed ? [changed] : await tx.insert(alertSilences).values({ ownerUid: uid, serverId: input.serverId, ...values }).returning({ id: alertSilences.id });
    return { id: row.id, serverName };
  });
  const scope = serverName ?? "all servers";
  await record({
    userUid: uid,
    action: "alerts.paused",
    summary: `Paused alerts for ${scope} (${SILENCE_DURATION_LABELS[input.duration].toLowerCase()}): ${input.reason}`,
    target: input.serverId ? { type: "server", id: input.serverId } : undefined,
    metadata: { silenceId: id, duration: input.duration, endsAt: endsAt?.toISOString() ?? null, reason: input.reason },
    req: origin.req,
    ip: origin.ip,
  });
  return {
    id,
    server: input.serverId ? { id: input.serverId, name: serverName ?? "" } : null,
    reason: input.reason,
    startsAt: now.toISOString(),
    endsAt: endsAt?.toISOString() ?? null,
  };
}

/** Ends a pause now; alerts after this are sent again. */
export async function resumeAlerts(uid: string, id: string, origin: Origin = {}, now = new Date()): Promise<void> {
  const missing = () => notFound("No pause of alerts with this id.");
  if (!UUID.test(id)) throw missing();
  const [ended] = await (await db())
    .update(alertSilences)
    .set({ endedAt: now })
    .where(and(eq(alertSilences.id, id), eq(alertSilences.ownerUid, uid), isNull(alertSilences.endedAt)))
    .returning({ serverId: alertSilences.serverId });
  if (!ended) throw missing();
  const [server] = ended.serverId
    ? await (await db()).select({ name: servers.name }).from(servers).where(and(eq(servers.id, ended.serverId), eq(servers.ownerUid, uid)))
    : [];
  await record({
    userUid: uid,
    action: "alerts.resumed",
    summary: `Resumed alerts for ${server?.name ?? "all servers"}`,
    target: ended.serverId ? { type: "server", id: ended.serverId } : undefined,
    metadata: { silenceId: id },
    req: origin.req,
    ip: origin.ip,
  });
}
