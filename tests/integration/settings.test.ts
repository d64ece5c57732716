import { eq } from "drizzle-orm";
import { GET as settingsGET, PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { POST as rotatePOST } from "@/app/api/user/settings/webhook-secret/route";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { secretContext } from "@/lib/crypto/contexts";
import { decrypt } from "@/lib/crypto/encryption";
import { db } from "@/lib/db";
import { activityEvents, rateLimits, servers, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { PLANS } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signIn as signInWith } from "../support/sign-in";

const signIn = () => signInWith({ emailPrefix: "settings", displayName: "Settings Person", photoURL: "https://photos.example/me.png" });

const patch = (cookie: string, body: unknown) => call(settingsPATCH, "/api/user/settings", { method: "PATCH", body, cookie });

describeEachDatabase("/api/user/settings", () => {
  it("answers with the profile, notification preferences, plan and today's usage", async () => {
    const u = await signIn();
    const d = await db();
    await d.insert(servers).values({ ownerUid: u.uid, name: "One", transport: "sse", url: "http://127.0.0.1:1/sse" });
    const yesterday = new Date(Date.now() - 36 * 3600_000);
    await d.insert(activityEvents).values([
      { userUid: u.uid, action: "workbench.call", summary: "a" },
      { userUid: u.uid, action: "workbench.call", summary: "b" },
      { userUid: u.uid, action: "workbench.call", summary: "old", createdAt: yesterday },
    ]);
    // The gateway calls of the day, as the daily limit counts them; yesterday's window counts none.
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    await d.insert(rateLimits).values({ key: `gateway-calls:${u.uid}`, windowStart: today, count: 7 });
    const res = await call(settingsGET, "/api/user/settings", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      profile: { uid: u.uid, email: u.email, displayName: "Settings Person", photoUrl: "https://photos.example/me.png", emailVerified: false },
      notifications: { emailAlerts: true, webhookUrl: null, webhookSecretSet: false, webhookHttpAllowed: true, mailEnabled: false },
      plan: { tier: "free tier", label: "Free", active: false, expiresAt: null, features: { fullMonitoring: false, fullScanner: false, dataExport: false } },
      usage: {
        servers: { used: 1, limit: 3 },
        workbenchCallsToday: { used: 2, limit: 200, resetsAt: expect.stringMatching(/T00:00:00\.000Z$/) },
        gatewayCallsToday: { used: 7, limit: PLANS["free tier"].gatewayCallsPerDay, resetsAt: expect.stringMatching(/T00:00:00\.000Z$/) },
      },
    });
    expect((await call(settingsGET, "/api/user/settings")).status).toBe(401);
  });

  it("renames the user here and at the identity provider, and records settings.updated", async () => {
    const u = await signIn();
    const res = await patch(u.cookie, { displayName: "  Ada King  " });
    expect(res.status).toBe(200);
    expect(res.json.profile.displayName).toBe("Ada King");
    expect((await adminAuth().getUser(u.uid)).displayName).toBe("Ada King");
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(events.find((e) => e.action === "settings.updated")).toMatchObject({ summary: "Changed settings: display name", metadata: { changed: ["display name"] } });
    // Nothing changed, nothing recorded.
    await patch(u.cookie, { displayName: "Ada King" });
    const again = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(again.filter((e) => e.action === "settings.updated")).toHaveLength(1);
  });

  it("validates every field", async () => {
    const u = await signIn();
    for (const body of [{}, { displayName: "" }, { displayName: "x".repeat(81) }, { emailAlerts: "yes" }, { webhookUrl: "ftp://example.com/hook" }, { webhookUrl: "not a url" }]) {
      const res = await patch(u.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("validation_failed");
    }
  });

  it("turns email alerts off and on", async () => {
    const u = await signIn();
    expect((await patch(u.cookie, { emailAlerts: false })).json.notifications.emailAlerts).toBe(false);
    const [row] = await (await db()).select({ emailAlerts: users.emailAlerts }).from(users).where(eq(users.uid, u.uid));
    expect(row.emailAlerts).toBe(false);
    expect((await patch(u.cookie, { emailAlerts: true })).json.notifications.emailAlerts).toBe(true);
  });

  it("generates the webhook secret on the first URL, shows it once, keeps it encrypted and rotates it", async () => {
    const u = await signIn();
    const first = await patch(u.cookie, { webhookUrl: "https://hooks.example.com/a" });
    expect(first.status).toBe(200);
    const secret = first.json.webhookSecret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(first.json.notifications).toMatchObject({ webhookUrl: "https://hooks.example.com/a", webhookSecretSet: true });

    const read = await call(settingsGET, "/api/user/settings", { cookie: u.cookie });
    expect(read.text).not.toContain(secret);
    const [row] = await (await db()).select({ enc: users.webhookSecretEnc }).from(users).where(eq(users.uid, u.uid));
    expect(decrypt(row.enc!, secretContext.webhookSecret(u.uid))).toBe(secret);
    expect(row.enc).not.toContain(secret.slice(6));

    // A new URL keeps the secret; it is not shown again.
    const moved = await patch(u.cookie, { webhookUrl: "https://hooks.example.com/b" });
    expect(moved.json.webhookSecret).toBeUndefined();

    const rotated = await call(rotatePOST, "/api/user/settings/webhook-secret", { method: "POST", cookie: u.cookie });
    expect(rotated.status).toBe(200);
    expect(rotated.json.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.json.webhookSecret).not.toBe(secret);

    const removed = await patch(u.cookie, { webhookUrl: null });
    expect(removed.json.notifications).toMatchObject({ webhookUrl: null, webhookSecretSet: false });
    expect((await call(rotatePOST, "/api/user/settings/webhook-secret", { method: "POST", cookie: u.cookie })).status).toBe(409);

    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    const summaries = events.filter((e) => e.action === "settings.updated").map((e) => e.summary);
    expect(summaries).toEqual(expect.arrayContaining(["Rotated the webhook signing secret", "Changed settings: webhook removed"]));
    expect(JSON.stringify(events)).not.toContain("hooks.example.com");
  });

  it("accepts only https webhooks in a production deployment", async () => {
    const u = await signIn();
    const e = env();
    const saved = { production: e.production, localMode: e.localMode };
    Object.assign(e, { production: true, localMode: false });
    try {
      const refused = await patch(u.cookie, { webhookUrl: "http://hooks.example.com/plain" });
      expect(refused.status).toBe(400);
      expect(refused.json.details).toEqual([{ path: "webhookUrl", message: "Enter an https:// URL." }]);
      expect((await patch(u.cookie, { webhookUrl: "https://hooks.example.com/tls" })).status).toBe(200);
    } finally {
      Object.assign(e, saved);
    }
  });
});
