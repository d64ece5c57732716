import { eq } from "drizzle-orm";
import { PUT as serverChannelsPUT, GET as serverChannelsGET } from "@/app/api/servers/[id]/alert-channels/route";
import { GET as deliveriesGET } from "@/app/api/user/alerts/deliveries/route";
import { DELETE as channelDELETE, PATCH as channelPATCH } from "@/app/api/user/alerts/channels/[id]/route";
import { POST as channelTestPOST } from "@/app/api/user/alerts/channels/[id]/test/route";
import { GET as channelsGET, POST as channelsPOST } from "@/app/api/user/alerts/channels/route";
import { sealSecret, storedConfig } from "@/lib/alerts/channels/config";
import type { ChannelSettingsInput } from "@/lib/alerts/channels/schema";
import { runAlertStep } from "@/lib/alerts/dispatcher";
import { db } from "@/lib/db";
import { alertChannels, alertDeliveries, incidents, servers, users } from "@/lib/db/schema";
import { verifySignature } from "@/lib/webhooks/sign";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { setPlan, signIn, type SignedIn } from "../support/sign-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Notification channels end to end: added through the API, alerted by the
 * dispatcher from an incident as monitor-core writes it, each provider's
 * request received by a loopback endpoint standing in for the service, a
 * failing one retried on the alerts' backoff while the others deliver.
 */

/** What follows a chat webhook URL's first segment is its token. */
const TOKEN_PATH = "T0123/secret-token-path";
const KINDS = ["webhook", "slack", "discord", "teams", "pagerduty", "ntfy", "telegram"] as const;
type Kind = (typeof KINDS)[number];
/** Where each stand-in listens: the services' own paths, and the URL kinds' paths with a token in them. */
const PATHS: Record<Kind, string> = {
  webhook: `/webhook/${TOKEN_PATH}`,
  slack: `/services/${TOKEN_PATH}`,
  discord: `/api/webhooks/${TOKEN_PATH}`,
  teams: `/workflows/${TOKEN_PATH}`,
  pagerduty: "/v2/enqueue",
  ntfy: "/",
  telegram: "/api/x",
};
const receivers = {} as Record<Kind, WebhookReceiver>;

beforeAll(async () => {
  for (const kind of KINDS) receivers[kind] = await startWebhookReceiver(kind === "pagerduty" ? 202 : 200, PATHS[kind]);
});
afterAll(async () => {
  for (const kind of KINDS) await receivers[kind].close();
});

const ROUTING_KEY = "R0123456789abcdef0123456789abcde";
const BOT_TOKEN = "123456789:AAbbccddeeffgghhiijjkkllmmnnoopp_q";
const root = (r: WebhookReceiver) => r.url.slice(0, r.url.lastIndexOf("/"));

/** The settings each kind is added with, its receiver standing in for the service. */
const settingsFor = (kind: Kind): ChannelSettingsInput => {
  const r = receivers[kind];
  switch (kind) {
    case "pagerduty":
      return { kind, routingKey: ROUTING_KEY, eventsUrl: r.url };
    case "ntfy":
      return { kind, serverUrl: r.url, topic: "mcp-alerts", token: "tk_secret_token_value", priority: "urgent" };
    case "telegram":
      return { kind, botToken: BOT_TOKEN, chatId: "-1001234567890", apiUrl: root(r) };
    default:
      return { kind, url: r.url };
  }
};

const api = (u: SignedIn, handler: Parameters<typeof call>[0], path: string, opts: Parameters<typeof call>[2] = {}) => call(handler, path, { cookie: u.cookie, ...opts });

/** Slack and Discord URLs are checked to be theirs by the API; their channels are written as the API would, pointed at loopback. */
async function insertChannel(uid: string, kind: "slack" | "discord", name: string) {
  const id = crypto.randomUUID();
  const config = storedConfig({ kind, url: receivers[kind].url });
  await (await db()).insert(alertChannels).values({ id, ownerUid: uid, name, kind, settings: config.settings, secretEnc: sealSecret(id, config.secret), destination: config.destination });
  return id;
}

async function pro(): Promise<SignedIn> {
  const u = await signIn({ emailPrefix: "channels", displayName: "Channel Owner" });
  await setPlan(u.uid, "pro");
  // No mail server in this suite: only the channels deliver.
  await (await db()).update(users).set({ emailAlerts: false }).where(eq(users.uid, u.uid));
  return u;
}

async function addServer(uid: string) {
  const [row] = await (await db())
    .insert(servers)
    .values({ ownerUid: uid, name: "Payments", transport: "streamable-http", url: "https://mcp.example.com/mcp", monitoringEnabled: true })
    .returning({ id: servers.id });
  return row.id;
}

const sinceNow = () => Object.fromEntries(KINDS.map((k) => [k, receivers[k].received.length])) as Record<Kind, number>;
const newSince = (mark: Record<Kind, number>, kind: Kind) => receivers[kind].received.slice(mark[kind]);

describeEachDatabase("notification channels", () => {
  beforeEach(() => {
    for (const kind of KINDS) {
      receivers[kind].statuses = [];
      receivers[kind].fallback = kind === "pagerduty" ? 202 : 200;
    }
  });

  it("adds a channel of each kind, answers none of their secrets, and sends an outage to each in its documented shape", async () => {
    const u = await pro();
    const ids = {} as Record<Kind, string>;
    let signingSecret = "";
    for (const kind of KINDS.filter((k) => k !== "slack" && k !== "discord")) {
      const res = await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: `My ${kind}`, settings: settingsFor(kind) } });
      expect(res.status).toBe(201);
      ids[kind] = res.json.id;
      if (kind === "webhook") signingSecret = res.json.signingSecret;
    }
    ids.slack = await insertChannel(u.uid, "slack", "My slack");
    ids.discord = await insertChannel(u.uid, "discord", "My discord");

    const list = await api(u, channelsGET, "/api/user/alerts/channels");
    expect(list.json.channels).toHaveLength(7);
    expect(list.json).toMatchObject({ limit: 25, used: 7 });
    // No secret in the answer: routing key, bot token, ntfy topic and token, webhook URLs past their first segment.
    for (const secret of [ROUTING_KEY, BOT_TOKEN, "mcp-alerts", "tk_secret_token_value", "secret-token-path"]) expect(list.text).not.toContain(secret);
    expect(list.json.channels.find((c: { kind: string }) => c.kind === "ntfy").settings).toEqual({ kind: "ntfy", serverUrl: receivers.ntfy.url, priority: "urgent", tokenSet: true });

    const serverId = await addServer(u.uid);
    const mark = sinceNow();
    const t0 = new Date();
    const [incident] = await (await db()).insert(incidents).values({ serverId, openedAt: t0, reason: "Refused", failureKind: "refused", failedChecks: 2 }).returning({ id: incidents.id });
    await runAlertStep({ now: new Date(t0.getTime() + 1000) });

    for (const kind of KINDS) expect(newSince(mark, kind)).toHaveLength(1);
    const body = (kind: Kind) => JSON.parse(newSince(mark, kind)[0].body);

    const hook = newSince(mark, "webhook")[0];
    expect(verifySignature(hook.body, hook.headers["x-mcp-console-signature"] as string, signingSecret).ok).toBe(true);
    expect(body("webhook")).toMatchObject({ event: "incident.opened", server: { id: serverId, name: "Payments" }, incident: { id: incident.id } });

    expect(body("slack")).toMatchObject({ text: expect.stringContaining("Payments"), blocks: [{ type: "section" }, { type: "context" }] });
    expect(body("discord")).toMatchObject({ content: expect.stringContaining("Payments"), embeds: [{ title: expect.stringContaining("Payments") }], allowed_mentions: { parse: [] } });
    expect(body("teams")).toMatchObject({
      type: "message",
      attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard", version: "1.4", body: expect.any(Array) } }],
    });
    expect(body("pagerduty")).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: "trigger",
      dedup_key: `mcp-console:incident:${incident.id}`,
      payload: { summary: expect.stringContaining("Payments"), source: "Payments", severity: "critical" },
    });
    const ntfy = newSince(mark, "ntfy")[0];
    expect(ntfy.headers.authorization).toBe("Bearer tk_secret_token_value");
    expect(body("ntfy")).toMatchObject({ topic: "mcp-alerts", title: expect.stringContaining("Payments"), priority: 5, click: expect.stringContaining(serverId) });
    expect(newSince(mark, "telegram")[0].path).toBe(`/api/bot${BOT_TOKEN}/sendMessage`);
    expect(body("telegram")).toMatchObject({ chat_id: "-1001234567890", parse_mode: "HTML", text: expect.stringContaining("Payments") });

    // The recovery resolves PagerDuty's alert by the same key.
    const mark2 = sinceNow();
    await (await db()).update(incidents).set({ closedAt: new Date(t0.getTime() + 60_000) }).where(eq(incidents.id, incident.id));
    await runAlertStep({ now: new Date(t0.getTime() + 61_000) });
    expect(JSON.parse(newSince(mark2, "pagerduty")[0].body)).toEqual({ routing_key: ROUTING_KEY, event_action: "resolve", dedup_key: `mcp-console:incident:${incident.id}` });

    // Every delivery is in the deliveries list, with its channel's kind and masked destination.
    const deliveries = (await api(u, deliveriesGET, "/api/user/alerts/deliveries?limit=50")).json.deliveries as { channel: string; status: string; destination: string }[];
    expect(deliveries.filter((d) => d.status === "delivered")).toHaveLength(14);
    expect(new Set(deliveries.map((d) => d.channel))).toEqual(new Set(KINDS));
    expect(JSON.stringify(deliveries)).not.toContain(BOT_TOKEN);
  });

  it("retries a failing channel on the backoff and records each attempt, while the others deliver at once", async () => {
    const u = await pro();
    const teams = (await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Teams", settings: settingsFor("teams") } })).json.id as string;
    const ntfy = (await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Phone", settings: settingsFor("ntfy") } })).json.id as string;
    receivers.teams.statuses = [500];
    const serverId = await addServer(u.uid);
    const mark = sinceNow();
    const t0 = new Date();
    await (await db()).insert(incidents).values({ serverId, openedAt: t0, reason: "Refused", failureKind: "refused", failedChecks: 2 });
    await runAlertStep({ now: new Date(t0.getTime() + 1000) });

    expect(newSince(mark, "ntfy")).toHaveLength(1);
    const rows = async () => (await db()).select().from(alertDeliveries).where(eq(alertDeliveries.userUid, u.uid));
    const byChannel = async (id: string) => (await rows()).find((r) => r.channelId === id)!;
    expect(await byChannel(ntfy)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await byChannel(teams)).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, error: expect.stringContaining("500") });
    const list = await api(u, channelsGET, "/api/user/alerts/channels");
    expect(list.json.channels.find((c: { id: string }) => c.id === teams).lastDelivery).toMatchObject({ status: "pending", error: expect.stringContaining("500") });

    // Not before its backoff (30 s) is up; then it goes through.
    await runAlertStep({ now: new Date(t0.getTime() + 10_000) });
    expect(newSince(mark, "teams")).toHaveLength(1);
    await runAlertStep({ now: new Date(t0.getTime() + 40_000) });
    expect(newSince(mark, "teams")).toHaveLength(2);
    expect(await byChannel(teams)).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 200 });
  });

  it("sends a server's alerts to the channels chosen for it, and a test to one channel alone", async () => {
    const u = await pro();
    const teams = (await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Teams", settings: settingsFor("teams") } })).json.id as string;
    await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "On call", settings: settingsFor("pagerduty") } });
    const serverId = await addServer(u.uid);
    const path = `/api/servers/${serverId}/alert-channels`;

    const all = await api(u, serverChannelsGET, path, { params: { id: serverId } });
    expect(all.json).toMatchObject({ mode: "all", options: [expect.objectContaining({ name: "Teams", used: true }), expect.objectContaining({ name: "On call", used: true })] });
    const refused = await api(u, serverChannelsPUT, path, { method: "PUT", params: { id: serverId }, body: { mode: "chosen", channels: [crypto.randomUUID()] } });
    expect(refused.status).toBe(400);
    const chosen = await api(u, serverChannelsPUT, path, { method: "PUT", params: { id: serverId }, body: { mode: "chosen", channels: [teams] } });
    expect(chosen.json.options.map((o: { name: string; used: boolean }) => [o.name, o.used])).toEqual([
      ["Teams", true],
      ["On call", false],
    ]);

    const mark = sinceNow();
    const t0 = new Date();
    await (await db()).insert(incidents).values({ serverId, openedAt: t0, reason: "Refused", failureKind: "refused", failedChecks: 2 });
    await runAlertStep({ now: new Date(t0.getTime() + 1000) });
    expect(newSince(mark, "teams")).toHaveLength(1);
    expect(newSince(mark, "pagerduty")).toHaveLength(0);

    const test = await api(u, channelTestPOST, `/api/user/alerts/channels/${teams}/test`, { method: "POST", params: { id: teams } });
    expect(test.json.deliveries).toEqual([expect.objectContaining({ event: "test", channel: "teams", status: "delivered", responseStatus: 200 })]);
    expect(newSince(mark, "teams")).toHaveLength(2);
    expect(newSince(mark, "pagerduty")).toHaveLength(0);

    // With its only chosen channel deleted, the server is not left silent: it sends to all of them again.
    expect((await api(u, channelDELETE, `/api/user/alerts/channels/${teams}`, { method: "DELETE", params: { id: teams } })).status).toBe(204);
    const after = await api(u, serverChannelsGET, path, { params: { id: serverId } });
    expect(after.json).toMatchObject({ mode: "all", options: [expect.objectContaining({ name: "On call", used: true })] });
    const mark2 = sinceNow();
    await (await db()).update(incidents).set({ closedAt: new Date(t0.getTime() + 60_000) }).where(eq(incidents.serverId, serverId));
    await runAlertStep({ now: new Date(t0.getTime() + 61_000) });
    expect(newSince(mark2, "pagerduty")).toHaveLength(1);
  });

  it("on Free, holds email and one other channel: the settings webhook or one channel", async () => {
    const u = await signIn({ emailPrefix: "channels-free", displayName: "Free Owner" });
    const first = await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Phone", settings: settingsFor("ntfy") } });
    expect(first.status).toBe(201);
    const second = await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Teams", settings: settingsFor("teams") } });
    expect(second.status).toBe(403);
    expect(second.json.error).toBe("plan_required");
    expect(second.json.message).toContain("The Free plan sends alerts to email and 1 other channel");

    // Editing keeps stored secrets a form leaves out; deleting frees the place.
    const id = first.json.id as string;
    const renamed = await api(u, channelPATCH, `/api/user/alerts/channels/${id}`, { method: "PATCH", params: { id }, body: { name: "Pager", settings: { kind: "ntfy", serverUrl: receivers.ntfy.url, priority: "low" } } });
    expect(renamed.json).toMatchObject({ name: "Pager", settings: { priority: "low", tokenSet: true } });
    const kindChange = await api(u, channelPATCH, `/api/user/alerts/channels/${id}`, { method: "PATCH", params: { id }, body: { settings: settingsFor("teams") } });
    expect(kindChange.status).toBe(400);
    expect((await api(u, channelDELETE, `/api/user/alerts/channels/${id}`, { method: "DELETE", params: { id } })).status).toBe(204);
    expect((await api(u, channelsPOST, "/api/user/alerts/channels", { body: { name: "Teams", settings: settingsFor("teams") } })).status).toBe(201);
  });
});
