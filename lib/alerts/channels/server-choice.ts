import "server-only";
import { and, eq } from "drizzle-orm";
import { record } from "../../activity/service";
import { db } from "../../db";
import { serverAlertChannels, servers } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { mailEnabled } from "../../mail/service";
import type { Origin } from "../../servers/service";
import { shortDestination } from "../destination";
import { loadOwner } from "../recipients";
import { activeCount, channelRows, serverChoice } from "./routing";
import type { ServerChannelsAnswer, ServerChannelsChoice } from "./schema";

/** Which of the owner's channels one server alerts (its page's alerts section). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownedServer(uid: string, serverId: string): Promise<{ name: string }> {
  const missing = () => notFound("No server with this id.");
  if (!UUID.test(serverId)) throw missing();
  const [row] = await (await db()).select({ name: servers.name }).from(servers).where(and(eq(servers.id, serverId), eq(servers.ownerUid, uid))).limit(1);
  if (!row) throw missing();
  return row;
}

/** Every channel the server could use: the account's email and settings webhook when set, and the channels the plan holds. */
async function options(uid: string): Promise<Omit<ServerChannelsAnswer["options"][number], "used">[]> {
  const d = await db();
  const owner = await loadOwner(d, uid);
  if (!owner) throw notFound("This account does not exist.");
  const rows = await channelRows(d, uid);
  return [
    ...(owner.emailAlerts && mailEnabled() ? [{ key: "email", name: "Email", kind: "email" as const, destination: owner.email }] : []),
    ...(owner.webhookUrl ? [{ key: "webhook", name: "Settings webhook", kind: "account-webhook" as const, destination: shortDestination(owner.webhookUrl) }] : []),
    ...rows.slice(0, activeCount(owner, rows.length)).map((r) => ({ key: r.id, name: r.name, kind: r.kind as Exclude<typeof r.kind, "email">, destination: r.destination })),
  ];
}

export async function getServerChannels(uid: string, serverId: string): Promise<ServerChannelsAnswer> {
  await ownedServer(uid, serverId);
  const all = await options(uid);
  // As the sending side reads it (lib/alerts/channels/routing.ts): a choice with none of its channels left is all of them.
  const chosen = (await serverChoice(await db(), serverId))?.filter((k) => all.some((o) => o.key === k));
  const some = chosen !== undefined && chosen.length > 0;
  return { mode: some ? "chosen" : "all", options: all.map((o) => ({ ...o, used: some ? chosen.includes(o.key) : true })) };
}

export async function setServerChannels(uid: string, serverId: string, choice: ServerChannelsChoice, origin: Origin = {}): Promise<ServerChannelsAnswer> {
  const server = await ownedServer(uid, serverId);
  const d = await db();
  if (choice.mode === "all") {
    await d.delete(serverAlertChannels).where(eq(serverAlertChannels.serverId, serverId));
  } else {
    const known = new Set((await options(uid)).map((o) => o.key));
    const unknown = choice.channels.find((k) => !known.has(k));
    if (unknown !== undefined) throw badRequest("Choose channels from your list: one of them is not yours or no longer exists.", [{ path: "channels", message: "Choose from your channels." }]);
    const channels = [...new Set(choice.channels)];
    await d
      .insert(serverAlertChannels)
      .values({ serverId, channels })
      .onConflictDoUpdate({ target: serverAlertChannels.serverId, set: { channels, updatedAt: new Date() } });
  }
  await record({
    userUid: uid,
    action: "alerts.server_channels",
    summary: choice.mode === "all" ? `${server.name} alerts all channels` : `${server.name} alerts ${choice.channels.length === 1 ? "1 chosen channel" : `${choice.channels.length} chosen channels`}`,
    target: { type: "server", id: serverId },
    metadata: choice.mode === "all" ? { mode: "all" } : { mode: "chosen", channels: choice.channels },
    req: origin.req,
    ip: origin.ip,
  });
  return getServerChannels(uid, serverId);
}
