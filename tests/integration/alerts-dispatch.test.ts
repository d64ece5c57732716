import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { runAlertStep } from "@/lib/alerts/dispatcher";
import type { AlertPayload } from "@/lib/alerts/schema";
import { encrypt } from "@/lib/crypto/encryption";
import { secretContext } from "@/lib/crypto/contexts";
import { db } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/database";
import { alertDeliveries, incidents, servers, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { newSigningSecret, verifySignature } from "@/lib/webhooks/sign";
import { describeEachDatabase } from "../support/databases";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * The dispatcher end to end: incidents written as monitor-core writes them,
 * alerts received by a real SMTP server and a loopback webhook endpoint that
 * verifies signatures as a receiver would. Time moves by passing `now`.
 */

let smtp: SmtpReceiver;
let hook: WebhookReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  env().smtpUrl = smtp.url;
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  env().smtpUrl = undefined;
  await smtp.stop();
  await hook.close();
});

const at = (base: Date, sec: number) => new Date(base.getTime() + sec * 1000);

interface Owner {
  uid: string;
  email: string;
  secret: string;
}

async function owner(opts: { plan?: "free tier" | "pro"; expiresAt?: Date | null; emailAlerts?: boolean; webhook?: string | null } = {}): Promise<Owner> {
  const uid = `alerts-${randomUUID()}`;
  const email = `${uid}@example.com`;
  const secret = newSigningSecret();
  const webhook = opts.webhook === undefined ? hook.url : opts.webhook;
  await (await db()).insert(users).values({
    uid,
    email,
    displayName: "Alert Owner",
    subscriptionPlan: opts.plan ?? "pro",
    subscriptionExpiresAt: opts.expiresAt ?? null,
    emailAlerts: opts.emailAlerts ?? true,
    webhookUrl: webhook,
    webhookSecretEnc: webhook ? encrypt(secret, secretContext.webhookSecret(uid)) : null,
  });
  return { uid, email, secret };
}

async function server(ownerUid: string, name = `Server ${randomUUID().slice(0, 8)}`) {
  const [row] = await (await db())
    .insert(servers)
    .values({ ownerUid, name, transport: "streamable-http", url: "https://mcp.example.com/mcp", monitoringEnabled: true })
    .returning({ id: servers.id, name: servers.name });
  return row;
}

/** What monitor-core does when a server goes down, and when it comes back. */
async function openIncident(serverId: string, openedAt: Date, reason = "Could not connect to mcp.example.com: the connection was refused.") {
  const [row] = await (await db()).insert(incidents).values({ serverId, openedAt, reason, failureKind: "refused", failedChecks: 2 }).returning({ id: incidents.id });
  return row.id;
}
async function closeIncident(id: string, closedAt: Date) {
  await (await db()).update(incidents).set({ closedAt }).where(eq(incidents.id, id));
}

const hooksFor = (serverId: string) => hook.received.filter((h) => (JSON.parse(h.body) as AlertPayload).server?.id === serverId);
const eventsFor = (serverId: string) => hooksFor(serverId).map((h) => JSON.parse(h.body) as AlertPayload);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function deliveriesOf(uid: string) {
  return (await db()).select().from(alertDeliveries).where(eq(alertDeliveries.userUid, uid)).orderBy(alertDeliveries.createdAt, alertDeliveries.channel);
}

describeEachDatabase("alert dispatcher", ({ handle }) => {
  beforeEach(() => {
    hook.statuses = [];
    hook.fallback = 204;
  });

  it("an outage sends one email and one signed webhook when it opens, and again when it closes", async () => {
    const o = await owner();
    const s = await server(o.uid, "Payments");
    const t0 = new Date();
    const incident = await openIncident(s.id, t0);

    await runAlertStep({ now: at(t0, 1) });
    const down = await smtp.waitFor((m) => m.to.includes(o.email) && m.subject === "[MCP Console] Payments is down");
    expect(down.text).toContain("Reason: Could not connect to mcp.example.com: the connection was refused.");
    expect(down.text).toContain(`${env().appUrl}/servers/${s.id}`);

    expect(hooksFor(s.id)).toHaveLength(1);
    const [first] = hooksFor(s.id);
    expect(first.headers["content-type"]).toBe("application/json");
    expect(first.headers["x-mcp-console-event"]).toBe("incident.opened");
    // A receiver verifies the signature with its copy of the secret…
    expect(verifySignature(first.body, first.headers["x-mcp-console-signature"] as string, o.secret)).toEqual({ ok: true, timestamp: expect.any(Number) });
    // …and refuses the same request replayed later.
    expect(verifySignature(first.body, first.headers["x-mcp-console-signature"] as string, o.secret, { now: at(new Date(), 301) })).toEqual({ ok: false, reason: "expired" });
    const opened = JSON.parse(first.body) as AlertPayload;
    expect(opened).toEqual({
      id: first.headers["x-mcp-console-delivery"],
      event: "incident.opened",
      createdAt: at(t0, 1).toISOString(),
      server: { id: s.id, name: "Payments" },
      incident: { id: incident, openedAt: t0.toISOString(), closedAt: null, durationSec: null, reason: "Could not connect to mcp.example.com: the connection was refused." },
      url: `${env().appUrl}/servers/${s.id}`,
    });

    // Handled once: another pass sends nothing more.
    await runAlertStep({ now: at(t0, 2) });
    expect(hooksFor(s.id)).toHaveLength(1);
    expect(mailsTo(o.email)).toHaveLength(1);

    await closeIncident(incident, at(t0, 300));
    await runAlertStep({ now: at(t0, 301) });
    const up = await smtp.waitFor((m) => m.to.includes(o.email) && m.subject === "[MCP Console] Payments is back up");
    expect(up.text).toContain("It was down for 5 min");
    expect(eventsFor(s.id).map((e) => e.event)).toEqual(["incident.opened", "incident.resolved"]);
    expect(eventsFor(s.id)[1].incident).toMatchObject({ id: incident, closedAt: at(t0, 300).toISOString(), durationSec: 300 });
    expect(mailsTo(o.email)).toHaveLength(2);

    const rows = await deliveriesOf(o.uid);
    expect(rows.map((r) => [r.event, r.channel, r.status, r.attempts])).toEqual([
      ["incident.opened", "email", "delivered", 1],
      ["incident.opened", "webhook", "delivered", 1],
      ["incident.resolved", "email", "delivered", 1],
      ["incident.resolved", "webhook", "delivered", 1],
    ]);
    expect(rows.filter((r) => r.channel === "webhook").map((r) => r.responseStatus)).toEqual([204, 204]);
    expect(rows.every((r) => typeof r.durationMs === "number" && r.incidentId === incident && r.error === null)).toBe(true);
    const [marks] = await (await db()).select().from(incidents).where(eq(incidents.id, incident));
    expect(marks.openedNotifiedAt).not.toBeNull();
    expect(marks.closedNotifiedAt).not.toBeNull();
  });

  it("alerts a free account, and a paid plan that lapsed to Free, by email and its signed webhook", async () => {
    const free = await owner({ plan: "free tier" });
    const expired = await owner({ plan: "pro", expiresAt: new Date(Date.now() - 60_000) });
    const t0 = new Date();
    const watched = [];
    for (const o of [free, expired]) {
      const s = await server(o.uid);
      watched.push({ o, s, incident: await openIncident(s.id, t0) });
    }
    await runAlertStep({ now: at(t0, 1) });
    for (const { o, s, incident } of watched) {
      await smtp.waitFor((m) => m.to.includes(o.email) && m.subject === `[MCP Console] ${s.name} is down`);
      const [received] = hooksFor(s.id);
      expect(verifySignature(received.body, received.headers["x-mcp-console-signature"] as string, o.secret)).toEqual({ ok: true, timestamp: expect.any(Number) });
      expect(JSON.parse(received.body)).toMatchObject({ event: "incident.opened", server: { id: s.id, name: s.name }, incident: { id: incident } });
      expect((await deliveriesOf(o.uid)).map((r) => [r.event, r.channel, r.status])).toEqual([
        ["incident.opened", "email", "delivered"],
        ["incident.opened", "webhook", "delivered"],
      ]);
    }
  });

  it("sends only where the user asked: no email with email alerts off or without SMTP", async () => {
    const noEmail = await owner({ emailAlerts: false });
    const s = await server(noEmail.uid);
    const t0 = new Date();
    await openIncident(s.id, t0);
    const saved = env().smtpUrl;
    await runAlertStep({ now: at(t0, 1) });
    expect((await deliveriesOf(noEmail.uid)).map((r) => r.channel)).toEqual(["webhook"]);

    const mailOnly = await owner({ webhook: null });
    const s2 = await server(mailOnly.uid);
    env().smtpUrl = undefined;
    try {
      await openIncident(s2.id, t0);
      await runAlertStep({ now: at(t0, 2) });
      expect(await deliveriesOf(mailOnly.uid)).toHaveLength(0);
    } finally {
      env().smtpUrl = saved;
    }
  });

  it("retries a failing webhook with backoff (30 s, then 2 min) and delivers the same signed event", async () => {
    const o = await owner({ emailAlerts: false });
    const s = await server(o.uid);
    const t0 = new Date();
    await openIncident(s.id, t0);
    hook.statuses = [500, 503];

    await runAlertStep({ now: t0 });
    let [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, error: "The endpoint answered 500 Internal Server Error.", leaseUntil: null });
    expect(row.nextAttemptAt).toEqual(at(t0, 30));

    // Not due yet: nothing is sent.
    expect((await runAlertStep({ now: at(t0, 29) })).tried).toBe(0);
    expect(hooksFor(s.id)).toHaveLength(1);

    await runAlertStep({ now: at(t0, 30) });
    [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "pending", attempts: 2, responseStatus: 503 });
    expect(row.nextAttemptAt).toEqual(at(t0, 30 + 120));

    await runAlertStep({ now: at(t0, 150) });
    [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 204, error: null });
    expect(row.deliveredAt).not.toBeNull();

    const tries = hooksFor(s.id);
    expect(tries.map((h) => h.status)).toEqual([500, 503, 204]);
    // The same event each time (a receiver drops duplicates by id), each signed afresh.
    expect(new Set(tries.map((h) => h.body)).size).toBe(1);
    for (const h of tries) expect(verifySignature(h.body, h.headers["x-mcp-console-signature"] as string, o.secret).ok).toBe(true);
  });

  it("gives up after five attempts and records the delivery as failed", async () => {
    const o = await owner({ emailAlerts: false });
    const s = await server(o.uid);
    const t0 = new Date();
    await openIncident(s.id, t0);
    hook.fallback = 500;
    let now = t0;
    for (const delay of [0, 30, 120, 600, 3600]) {
      now = at(now, delay);
      expect((await runAlertStep({ now })).tried).toBe(1);
    }
    const [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "failed", attempts: 5, responseStatus: 500, leaseUntil: null });
    expect((await runAlertStep({ now: at(now, 86_400) })).tried).toBe(0);
    expect(hooksFor(s.id)).toHaveLength(5);
  });

  it("fails at once, without retrying, when the address policy refuses the webhook", async () => {
    const o = await owner({ emailAlerts: false });
    const s = await server(o.uid);
    const t0 = new Date();
    await openIncident(s.id, t0);
    env().localMode = false;
    try {
      await runAlertStep({ now: t0 });
    } finally {
      env().localMode = true;
    }
    const [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "failed", attempts: 1, responseStatus: null, error: expect.stringMatching(/loopback/) });
    expect(hooksFor(s.id)).toHaveLength(0);
  });

  it("summarises a flapping server: one flapping alert, at most one summary per 30 minutes, then 'stable again'", async () => {
    const o = await owner({ emailAlerts: false });
    const s = await server(o.uid, "Flaky");
    const t0 = new Date();
    const min = (m: number) => at(t0, m * 60);
    // Down for a minute every five minutes, six times, the dispatcher passing after each change.
    for (let i = 0; i < 6; i++) {
      const id = await openIncident(s.id, min(i * 5));
      await runAlertStep({ now: at(min(i * 5), 1) });
      await closeIncident(id, min(i * 5 + 1));
      await runAlertStep({ now: at(min(i * 5 + 1), 1) });
    }
    const events = () => eventsFor(s.id).map((e) => e.event);
    expect(events()).toEqual(["incident.opened", "incident.resolved", "incident.opened", "incident.resolved", "incident.opened", "incident.resolved", "incident.flapping"]);
    expect(eventsFor(s.id)[6].flapping).toEqual({ since: min(15).toISOString(), summary: false, windowMinutes: 30, openings: 4, changes: 1, status: "down" });

    // Nothing more before 30 minutes after the flapping alert…
    await runAlertStep({ now: min(44) });
    expect(events()).toHaveLength(7);
    // …then one summary of the five changes since.
    await runAlertStep({ now: at(min(45), 1) });
    expect(events()).toHaveLength(8);
    expect(eventsFor(s.id)[7]).toMatchObject({ event: "incident.flapping", flapping: { summary: true, changes: 5, status: "up" } });
    // Stable 30 minutes after the last change (26 min): the end of it, once.
    await runAlertStep({ now: min(55) });
    expect(events()).toHaveLength(8);
    await runAlertStep({ now: at(min(56), 1) });
    await runAlertStep({ now: min(58) });
    expect(events()).toHaveLength(9);
    expect(eventsFor(s.id)[8]).toMatchObject({ event: "incident.stable", flapping: { status: "up" } });

    // Calm again: the next outage is alerted on its own.
    await openIncident(s.id, min(70));
    await runAlertStep({ now: at(min(70), 1) });
    expect(events().at(-1)).toBe("incident.opened");
    expect(events()).toHaveLength(10);
  });

  it("never sends twice when several dispatchers race on the same database", async () => {
    const o = await owner();
    const t0 = new Date();
    const ids: string[] = [];
    const serverIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await server(o.uid);
      serverIds.push(s.id);
      ids.push(await openIncident(s.id, t0));
    }
    // On PostgreSQL a second instance has its own connections; PGlite has one process.
    let other: Database | null = null;
    if (handle().kind === "postgres") {
      const result = (await handle().db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const [{ name }] = result.rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other = await openDatabase({ url: url.toString() });
    }
    const dbs = [handle().db, (other ?? handle()).db];
    const race = async (now: Date) => {
      for (let round = 0; round < 3; round++) await Promise.all([0, 1, 2, 3].map((i) => runAlertStep({ now, db: dbs[i % 2] })));
    };
    try {
      await race(at(t0, 1));
      for (const id of ids) await closeIncident(id, at(t0, 60));
      await race(at(t0, 61));
    } finally {
      await other?.close();
    }
    const rows = await deliveriesOf(o.uid);
    expect(rows).toHaveLength(12 * 2 * 2);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    for (const id of serverIds) expect(eventsFor(id).map((e) => e.event)).toEqual(["incident.opened", "incident.resolved"]);
    await smtp.waitFor(() => mailsTo(o.email).length === 24);
    expect(mailsTo(o.email)).toHaveLength(24);
    const received = serverIds.flatMap(hooksFor).map((h) => JSON.parse(h.body).id);
    expect(received).toHaveLength(24);
    expect(new Set(received).size).toBe(received.length);
  });

  it("takes a delivery back from an instance that died holding it, once its lease expires", async () => {
    const o = await owner({ emailAlerts: false });
    const s = await server(o.uid);
    const t0 = new Date();
    await openIncident(s.id, t0);
    await runAlertStep({ now: t0 });
    const [sent] = await deliveriesOf(o.uid);
    // As if an instance had claimed it and died before recording the answer.
    await (await db())
      .update(alertDeliveries)
      .set({ status: "pending", leaseUntil: at(t0, 120), nextAttemptAt: t0 })
      .where(and(eq(alertDeliveries.id, sent.id)));
    expect((await runAlertStep({ now: at(t0, 60) })).tried).toBe(0);
    expect((await runAlertStep({ now: at(t0, 120) })).tried).toBe(1);
    const [row] = await deliveriesOf(o.uid);
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
