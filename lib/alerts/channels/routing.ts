import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database";
import { alertChannels, serverAlertChannels } from "../../db/schema";
import { planOf } from "../../plans/holder";
import { channelsOf, holderOf, mayAlert, type Channel, type Owner } from "../recipients";

/**
 * Where an account's alerts may go, and which of those one server uses.
 * The plan's `maxAlertChannels` counts the settings webhook first, then the
 * channels oldest first: a lapsed plan keeps sending to what was set up
 * first, and a channel past the limit is shown as not sent to.
 */

type Reader = Pick<Db, "select">;

export interface ChannelRow {
  id: string;
  name: string;
  kind: (typeof alertChannels.$inferSelect)["kind"];
  destination: string;
}

export const channelRows = (d: Reader, uid: string): Promise<ChannelRow[]> =>
  d
    .select({ id: alertChannels.id, name: alertChannels.name, kind: alertChannels.kind, destination: alertChannels.destination })
    .from(alertChannels)
    .where(eq(alertChannels.ownerUid, uid))
    .orderBy(asc(alertChannels.createdAt), asc(alertChannels.id));

/** How many of `rows` (oldest first) the plan sends to, next to the settings webhook. */
export function activeCount(owner: Pick<Owner, "webhookUrl"> & Parameters<typeof holderOf>[0], rows: number): number {
  return Math.max(0, Math.min(rows, planOf(holderOf(owner)).maxAlertChannels - (owner.webhookUrl ? 1 : 0)));
}

/** Every channel of the account that alerts may go to now, each with its key; none on a plan that sends no alerts (a demo's). */
export async function accountChannels(d: Reader, owner: Owner): Promise<Channel[]> {
  if (!mayAlert(owner)) return [];
  const rows = await channelRows(d, owner.uid);
  const active = rows.slice(0, activeCount(owner, rows.length));
  return [...channelsOf(owner), ...active.map((r) => ({ channel: r.kind, destination: r.destination, channelId: r.id, key: r.id }))];
}

/** The server's chosen channel keys, or null when it uses all of them. */
export async function serverChoice(d: Reader, serverId: string): Promise<string[] | null> {
  const [row] = await d.select({ channels: serverAlertChannels.channels }).from(serverAlertChannels).where(eq(serverAlertChannels.serverId, serverId)).limit(1);
  return row?.channels ?? null;
}

/**
 * The channels one server's alerts go to: all of the account's, or those
 * chosen for it that still exist. When none of the chosen ones is left (all
 * deleted), all of them again: a deleted channel never silences a server;
 * pausing does that.
 */
export async function serverChannels(d: Reader, owner: Owner, serverId: string): Promise<Channel[]> {
  const all = await accountChannels(d, owner);
  const chosen = await serverChoice(d, serverId);
  const picked = chosen ? all.filter((c) => chosen.includes(c.key)) : [];
  return picked.length > 0 ? picked : all;
}
