import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { record } from "../../activity/service";
import { db } from "../../db";
import { alertChannels, alertDeliveries, users } from "../../db/schema";
import { badRequest, conflict, notFound, planRequired } from "../../http/errors";
import { planOf } from "../../plans/holder";
import { plural } from "../../plural";
import type { Origin } from "../../servers/service";
import { webhookHttpAllowed } from "../../settings/service";
import { assertMayAlert, holderOf, loadOwner, type Owner } from "../recipients";
import { openSecret, sealSecret, storedConfig } from "./config";
import { activeCount, channelRows } from "./routing";
import { CHANNEL_KIND_LABELS, type ChannelCreate, type ChannelCreated, type ChannelDto, type ChannelList, type ChannelSettings, type ChannelUpdate, type PublicSettings } from "./schema";

/** An account's notification channels: every query is scoped to the owner. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("No notification channel with this id.");

async function owner(uid: string): Promise<Owner> {
  const o = await loadOwner(await db(), uid);
  if (!o) throw notFound("This account does not exist.");
  return o;
}

/** The newest delivery of each channel, in one query. */
async function lastDeliveries(ids: string[]) {
  if (ids.length === 0) return new Map<string, ChannelDto["lastDelivery"]>();
  const rows = await (await db())
    .selectDistinctOn([alertDeliveries.channelId], {
      channelId: alertDeliveries.channelId,
      status: alertDeliveries.status,
      createdAt: alertDeliveries.createdAt,
      error: alertDeliveries.error,
    })
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.channelId, ids))
    .orderBy(alertDeliveries.channelId, desc(alertDeliveries.createdAt));
  return new Map(rows.map((r) => [r.channelId!, { status: r.status, createdAt: r.createdAt.toISOString(), error: r.error }]));
}

export async function listChannels(uid: string): Promise<ChannelList> {
  const o = await owner(uid);
  const d = await db();
  const rows = await d
    .select({ id: alertChannels.id, name: alertChannels.name, kind: alertChannels.kind, destination: alertChannels.destination, settings: alertChannels.settings, createdAt: alertChannels.createdAt })
    .from(alertChannels)
    .where(eq(alertChannels.ownerUid, uid))
    .orderBy(alertChannels.createdAt, alertChannels.id);
  const last = await lastDeliveries(rows.map((r) => r.id));
  const active = activeCount(o, rows.length);
  const limit = planOf(holderOf(o)).maxAlertChannels;
  return {
    channels: rows.map((r, i) => ({
      id: r.id,
      name: r.name,
      kind: r.kind as ChannelDto["kind"],
      destination: r.destination,
      settings: r.settings as PublicSettings,
      createdAt: r.createdAt.toISOString(),
      lastDelivery: last.get(r.id) ?? null,
      active: i < active,
    })),
    limit,
    used: rows.length + (o.webhookUrl ? 1 : 0),
  };
}

async function channelById(uid: string, id: string): Promise<ChannelDto> {
  const found = (await listChannels(uid)).channels.find((c) => c.id === id);
  if (!found) throw missing();
  return found;
}

/** http:// only where the settings webhook may use it (local mode, development), for every URL a channel holds. */
function assertSchemes(s: ChannelSettings) {
  if (webhookHttpAllowed()) return;
  for (const [field, value] of Object.entries(s)) {
    if (typeof value === "string" && value.startsWith("http:")) {
      throw badRequest("Enter an https:// URL.", [{ path: `settings.${field}`, message: "Enter an https:// URL." }]);
    }
  }
}

export async function createChannel(uid: string, input: ChannelCreate, origin: Origin = {}): Promise<ChannelCreated> {
  const o = await owner(uid);
  assertMayAlert(o);
  assertSchemes(input.settings);
  const config = storedConfig(input.settings);
  const id = crypto.randomUUID();
  const d = await db();
  await d.transaction(async (tx) => {
    // The owner's row, locked: two adds at once cannot both take the plan's last place.
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for("update");
    const used = (await channelRows(tx, uid)).length + (o.webhookUrl ? 1 : 0);
    const plan = planOf(holderOf(o));
    if (used >= plan.maxAlertChannels) {
      throw planRequired(
        "alertChannels",
        `The ${plan.label} plan sends alerts to email and ${plural(plan.maxAlertChannels, "other channel")} (the settings webhook counts as one), and you have ${used}. Remove one or upgrade your plan to add more.`,
      );
    }
    await tx.insert(alertChannels).values({ id, ownerUid: uid, name: input.name, kind: input.settings.kind, settings: config.settings, secretEnc: sealSecret(id, config.secret), destination: config.destination });
  });
  await record({
    userUid: uid,
    action: "alerts.channel_added",
    summary: `Added the ${CHANNEL_KIND_LABELS[input.settings.kind]} channel "${input.name}"`,
    metadata: { channelId: id, kind: input.settings.kind },
    req: origin.req,
    ip: origin.ip,
  });
  const dto = await channelById(uid, id);
  return input.settings.kind === "webhook" ? { ...dto, signingSecret: config.secret.signingSecret } : dto;
}

export async function updateChannel(uid: string, id: string, change: ChannelUpdate, origin: Origin = {}): Promise<ChannelDto> {
  if (!UUID.test(id)) throw missing();
  const d = await db();
  const [row] = await d.select({ kind: alertChannels.kind, secretEnc: alertChannels.secretEnc, name: alertChannels.name }).from(alertChannels).where(and(eq(alertChannels.id, id), eq(alertChannels.ownerUid, uid))).limit(1);
  if (!row) throw missing();
  const set: Partial<typeof alertChannels.$inferInsert> = { updatedAt: new Date() };
  if (change.name !== undefined) set.name = change.name;
  if (change.settings) {
    if (change.settings.kind !== row.kind) throw badRequest("A channel keeps its kind: add a new channel for another service.", [{ path: "settings.kind", message: "A channel keeps its kind." }]);
    assertSchemes(change.settings);
    const config = storedConfig(change.settings, openSecret(id, row.secretEnc));
    Object.assign(set, { settings: config.settings, secretEnc: sealSecret(id, config.secret), destination: config.destination });
  }
  await d.update(alertChannels).set(set).where(and(eq(alertChannels.id, id), eq(alertChannels.ownerUid, uid)));
  await record({
    userUid: uid,
    action: "alerts.channel_updated",
    // Names of what changed only: the settings hold secrets.
    summary: `Changed the channel "${set.name ?? row.name}"${change.settings ? " and its settings" : ""}`,
    metadata: { channelId: id, changed: [...(change.name !== undefined ? ["name"] : []), ...(change.settings ? ["settings"] : [])] },
    req: origin.req,
    ip: origin.ip,
  });
  return channelById(uid, id);
}

export async function deleteChannel(uid: string, id: string, origin: Origin = {}): Promise<void> {
  if (!UUID.test(id)) throw missing();
  const d = await db();
  const deleted = await d.transaction(async (tx) => {
    // What is still waiting for it can no longer go anywhere: said so now rather than left to fail.
    await tx
      .update(alertDeliveries)
      .set({ status: "failed", leaseUntil: null, error: "The channel was deleted before this alert could be sent." })
      .where(and(eq(alertDeliveries.channelId, id), eq(alertDeliveries.userUid, uid), eq(alertDeliveries.status, "pending")));
    return tx.delete(alertChannels).where(and(eq(alertChannels.id, id), eq(alertChannels.ownerUid, uid))).returning({ name: alertChannels.name, kind: alertChannels.kind });
  });
  if (deleted.length === 0) throw missing();
  await record({
    userUid: uid,
    action: "alerts.channel_deleted",
    summary: `Deleted the channel "${deleted[0].name}"`,
    metadata: { channelId: id, kind: deleted[0].kind },
    req: origin.req,
    ip: origin.ip,
  });
}

/** The owner's channel row for sending a test: refused when missing or past the plan's limit. */
export async function testableChannel(uid: string, id: string) {
  if (!UUID.test(id)) throw missing();
  const channel = await channelById(uid, id);
  if (!channel.active) throw conflict("This channel is past your plan's limit, so alerts are not sent to it. Remove another channel or upgrade your plan.");
  return channel;
}
