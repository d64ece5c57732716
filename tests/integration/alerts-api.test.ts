import { eq } from "drizzle-orm";
import { GET as deliveriesGET } from "@/app/api/user/alerts/deliveries/route";
import { POST as testPOST } from "@/app/api/user/alerts/test/route";
import { PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { db } from "@/lib/db";
import { alertDeliveries, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { verifySignature } from "@/lib/webhooks/sign";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startEarlyInMinute } from "../support/fixed-window";

let smtp: SmtpReceiver;
let hook: WebhookReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  env().smtpUrl = undefined;
  await smtp.stop();
  await hook.close();
});

const signInReader = () => signIn({ emailPrefix: "alerts", displayName: "Alert Reader" });

const setWebhook = async (cookie: string, url: string | null) =>
  (await call(settingsPATCH, "/api/user/settings", { method: "PATCH", body: { webhookUrl: url }, cookie })).json.webhookSecret as string | undefined;
const sendTest = (cookie: string) => call(testPOST, "/api/user/alerts/test", { method: "POST", cookie });
const list = (cookie: string, qs = "") => call(deliveriesGET, `/api/user/alerts/deliveries${qs}`, { cookie });

describeEachDatabase("/api/user/alerts", () => {
  beforeEach(() => {
    env().smtpUrl = smtp.url;
    hook.statuses = [];
    hook.fallback = 204;
  });

  it("sends a test event to the webhook (signed) and by email, and answers how each went", async () => {
    const u = await signInReader();
    const secret = (await setWebhook(u.cookie, hook.url))!;
    const before = hook.received.length;
    const res = await sendTest(u.cookie);
    expect(res.status).toBe(200);
    expect(res.json.deliveries).toEqual([
      expect.objectContaining({ event: "test", channel: "email", destination: u.email, status: "delivered", attempts: 1, maxAttempts: 1, responseStatus: null, error: null }),
      expect.objectContaining({ event: "test", channel: "webhook", destination: hook.url, status: "delivered", attempts: 1, responseStatus: 204, durationMs: expect.any(Number) }),
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes(u.email) && m.subject === "[MCP Console] Test alert from MCP Console");
    expect(mail.text).toContain(`${env().appUrl}/settings#notifications`);

    const received = hook.received.slice(before);
    expect(received).toHaveLength(1);
    const [h] = received;
    expect(h.headers["x-mcp-console-event"]).toBe("test");
    expect(verifySignature(h.body, h.headers["x-mcp-console-signature"] as string, secret).ok).toBe(true);
    expect(JSON.parse(h.body)).toMatchObject({ id: res.json.deliveries[1].id, event: "test", server: null, incident: null, message: expect.stringContaining("test alert") });

    // The free plan can test: nothing here needs fullMonitoring.
    const [row] = await (await db()).select({ plan: users.subscriptionPlan }).from(users).where(eq(users.uid, u.uid));
    expect(row.plan).toBe("free tier");
    // And the list shows both.
    expect((await list(u.cookie)).json.deliveries.map((d: { id: string }) => d.id).sort()).toEqual(res.json.deliveries.map((d: { id: string }) => d.id).sort());
  });

  it("reports a failing endpoint without retrying a test, and refuses when there is nowhere to send", async () => {
    const u = await signInReader();
    await call(settingsPATCH, "/api/user/settings", { method: "PATCH", body: { emailAlerts: false }, cookie: u.cookie });
    expect((await sendTest(u.cookie)).status).toBe(409);

    await setWebhook(u.cookie, hook.url);
    hook.fallback = 500;
    const failed = await sendTest(u.cookie);
    expect(failed.json.deliveries).toEqual([
      expect.objectContaining({ channel: "webhook", status: "failed", attempts: 1, maxAttempts: 1, responseStatus: 500, nextAttemptAt: null, error: expect.stringContaining("500") }),
    ]);

    const gone = await startWebhookReceiver();
    await gone.close();
    // Nobody listens on this port any more.
    await setWebhook(u.cookie, gone.url);
    const refused = await sendTest(u.cookie);
    expect(refused.json.deliveries[0]).toMatchObject({ status: "failed", responseStatus: null, error: expect.stringMatching(/refused/) });
  });

  it("says email is off when the installation has no SMTP, and never reaches a private address outside local mode", async () => {
    const u = await signInReader();
    env().smtpUrl = undefined;
    const none = await sendTest(u.cookie);
    expect(none.status).toBe(409);
    expect(none.json.message).toMatch(/email is off on this installation/);

    await setWebhook(u.cookie, hook.url);
    const before = hook.received.length;
    env().localMode = false;
    try {
      const res = await sendTest(u.cookie);
      expect(res.json.deliveries).toEqual([expect.objectContaining({ channel: "webhook", status: "failed", error: expect.stringMatching(/loopback/) })]);
    } finally {
      env().localMode = true;
    }
    expect(hook.received.length).toBe(before);
  });

  it("limits test events to five a minute", async () => {
    const u = await signInReader();
    await setWebhook(u.cookie, hook.url);
    await startEarlyInMinute();
    for (let i = 0; i < 5; i++) expect((await sendTest(u.cookie)).status).toBe(200);
    const limited = await sendTest(u.cookie);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("lists only the user's own deliveries, newest first, a page at a time, without chat webhook tokens", async () => {
    const [a, b] = [await signInReader(), await signInReader()];
    const t0 = Date.now();
    const payload = { id: "x", event: "test", createdAt: new Date(t0).toISOString(), server: null, incident: null, url: "x" };
    await (await db())
      .insert(alertDeliveries)
      .values([
        ...Array.from({ length: 45 }, (_, i) => ({
          userUid: a.uid,
          channel: "webhook" as const,
          event: "test",
          destination: "https://hooks.slack.com/services/T000/B000/very-secret-token",
          payload,
          status: "delivered" as const,
          attempts: 1,
          responseStatus: 200,
          durationMs: 12,
          createdAt: new Date(t0 - i * 1000),
        })),
        ...Array.from({ length: 3 }, () => ({ userUid: b.uid, channel: "email" as const, event: "test", destination: b.email, payload, createdAt: new Date(t0) })),
      ]);

    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await list(a.cookie, cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");
      expect(res.status).toBe(200);
      expect(res.text).not.toContain("very-secret-token");
      sizes.push(res.json.deliveries.length);
      seen.push(...res.json.deliveries);
      cursor = res.json.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((d) => d.id)).size).toBe(45);
    expect(seen.map((d) => Date.parse(d.createdAt))).toEqual([...seen.map((d) => Date.parse(d.createdAt))].sort((x, y) => y - x));
    expect(seen[0]).toMatchObject({ destination: "https://hooks.slack.com/services/…", status: "delivered", responseStatus: 200, durationMs: 12, attempts: 1 });

    const theirs = await list(b.cookie);
    expect(theirs.json.deliveries).toHaveLength(3);
    expect(theirs.json.deliveries.every((d: { destination: string }) => d.destination === b.email)).toBe(true);

    expect((await list(a.cookie, "?limit=5")).json.deliveries).toHaveLength(5);
    expect((await list(a.cookie, "?cursor=garbage")).status).toBe(400);
    expect((await list(a.cookie, "?limit=500")).json.error).toBe("validation_failed");
    expect((await call(deliveriesGET, "/api/user/alerts/deliveries")).status).toBe(401);
    expect((await call(testPOST, "/api/user/alerts/test", { method: "POST" })).status).toBe(401);
  });
});
