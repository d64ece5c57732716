import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as signoutPOST } from "@/app/api/auth/signout/route";
import { GET as configGET } from "@/app/api/config/route";
import { GET as subscriptionGET } from "@/app/api/user/subscription/route";
import { sealSession, SESSION_COOKIE } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { activityEvents } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { describeEachDatabase } from "../support/databases";
import { createUser, signInWithIdp, signInWithRefresh, uniqueEmail, verifyEmail } from "../support/emulator";
import { clientAddress } from "../support/client-address";
import { startEarlyInMinute } from "../support/fixed-window";
import { call, cookieFrom } from "../support/http";
import { setPlan } from "../support/sign-in";

const payload = (u: { uid: string; email: string; idToken: string }, extra: Record<string, unknown> = {}) => ({
  idToken: u.idToken,
  uid: u.uid,
  email: u.email,
  displayName: null,
  photoURL: null,
  ...extra,
});

async function signIn(u: { uid: string; email: string; idToken: string }, extra: Record<string, unknown> = {}) {
  const res = await call(sessionPOST, "/api/auth/session", { body: payload(u, extra), headers: { "x-forwarded-for": clientAddress() } });
  return { res, cookie: cookieFrom(res, SESSION_COOKIE) };
}

describe("GET /api/config", () => {
  it("serves the identity config and, in local mode, the emulator", async () => {
    const res = await call(configGET, "/api/config");
    expect(res.status).toBe(200);
    expect(res.json.firebase).toEqual({
      apiKey: "demo-api-key",
      authDomain: `${process.env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: process.env.FIREBASE_PROJECT_ID,
      messagingSenderId: "",
      appId: "",
    });
    expect(res.json.authEmulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
  });
});

describeEachDatabase("POST /api/auth/session", () => {
  it("signs in with email and password: user created, cookie sealed, event recorded", async () => {
    const u = await createUser(uniqueEmail("ada"), undefined, "Ada Lovelace");
    const { res, cookie } = await signIn(u, { displayName: "Ada Lovelace" });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ uid: u.uid, email: u.email, displayName: "Ada Lovelace", role: "user", subscriptionPlan: "free tier" });
    expect(Date.parse(res.json.user.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
    const setCookie = res.headers.getSetCookie().join(";");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(cookie).toBeDefined();
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(events.map((e) => e.action)).toEqual(["auth.sign_in"]);
  });

  it("records one \"Signed in\" per sign-in: a refreshed token, a repeated or concurrent exchange records none", async () => {
    const u = await createUser(uniqueEmail("once"));
    const signIns = async () =>
      (await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid))).filter((e) => e.action === "auth.sign_in");
    // Firebase's auth_time counts seconds: the next sign-in must fall in a later one.
    const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));
    const first = await signInWithRefresh(u);
    const exchanges = await Promise.all([signIn(first.signedIn), signIn(first.signedIn), signIn(first.refreshed)]);
    expect(exchanges.map((e) => e.res.status)).toEqual([200, 200, 200]);
    expect(await signIns()).toHaveLength(1);
    await signIn(first.refreshed);
    expect(await signIns()).toHaveLength(1);
    await nextSecond();
    const second = await signInWithRefresh(u);
    await signIn(second.signedIn);
    await signIn(second.refreshed);
    expect(await signIns()).toHaveLength(2);
  });

  it("falls back to the email's local part for the display name", async () => {
    const u = await createUser(uniqueEmail("grace"));
    const { res } = await signIn(u);
    expect(res.json.user.displayName).toBe(u.email.split("@")[0]);
  });

  it("requires uid and email in the payload", async () => {
    const u = await createUser();
    const missing = await call(sessionPOST, "/api/auth/session", { body: { idToken: u.idToken } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("validation_failed");
    expect(missing.json.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(["uid", "email"]));
  });

  it("refuses a forged token, another user's token and a foreign project's token", async () => {
    const u = await createUser();
    const other = await createUser();
    const forged = await signIn({ ...u, idToken: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." });
    expect(forged.res.status).toBe(401);
    expect(forged.res.json.error).toBe("unauthenticated");
    const swapped = await signIn({ ...u, idToken: other.idToken });
    expect(swapped.res.status).toBe(401);
    // The emulator's tokens are unsigned; this one is shaped exactly like them, for another project.
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const foreignToken = `${b64({ alg: "none", typ: "JWT" })}.${b64({
      iss: "https://securetoken.google.com/demo-other-project",
      aud: "demo-other-project",
      auth_time: now,
      user_id: u.uid,
      sub: u.uid,
      iat: now,
      exp: now + 3600,
      email: u.email,
      firebase: { identities: { email: [u.email] }, sign_in_provider: "password" },
    })}.`;
    const foreignSignIn = await signIn({ ...u, idToken: foreignToken });
    expect(foreignSignIn.res.status).toBe(401);
  });

  it("makes a verified ADMIN_EMAILS address an admin, but not an unverified one", async () => {
    const email = uniqueEmail("boss");
    const { env } = await import("@/lib/env");
    env().adminEmails.push(email);
    const u = await createUser(email);
    expect((await signIn(u)).res.json.user.role).toBe("user");
    const verified = await verifyEmail(u);
    expect((await signIn(verified)).res.json.user.role).toBe("admin");
  });

  it.each(["google.com", "github.com"] as const)("signs in with a %s credential", async (providerId) => {
    const email = uniqueEmail(providerId.split(".")[0]);
    const u = await signInWithIdp(providerId, { sub: `${providerId}-${email}`, email });
    const { res } = await signIn(u);
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
    const [event] = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(event.metadata).toMatchObject({ provider: providerId });
  });
});

describeEachDatabase("sessions on protected APIs", () => {
  it("reads the subscription for free, paid and expired plans, by cookie or bearer", async () => {
    const u = await createUser();
    const { cookie } = await signIn(u);
    const free = await call(subscriptionGET, "/api/user/subscription", { cookie });
    expect(free.json).toEqual({ tier: "free tier", active: false, expiresAt: null, features: { fullMonitoring: false, fullScanner: false, dataExport: false } });

    const until = new Date(Date.now() + 86_400_000);
    await setPlan(u.uid, "pro", until);
    const pro = await call(subscriptionGET, "/api/user/subscription", { headers: { authorization: `Bearer ${u.idToken}` } });
    expect(pro.json).toEqual({ tier: "pro", active: true, expiresAt: until.toISOString(), features: { fullMonitoring: true, fullScanner: true, dataExport: true } });

    await setPlan(u.uid, "enterprise", new Date(Date.now() - 1000));
    const expired = await call(subscriptionGET, "/api/user/subscription", { cookie });
    expect(expired.json.tier).toBe("free tier");
    expect(expired.json.active).toBe(false);
  });

  it("answers 401 unauthenticated without credentials and token_expired for an expired session", async () => {
    expect((await call(subscriptionGET, "/api/user/subscription")).json.error).toBe("unauthenticated");
    const u = await createUser();
    await signIn(u);
    const sealedAt = Date.now() - 30 * 24 * 3600 * 1000 + 60_000 - 7 * 24 * 3600 * 1000;
    const old = await sealSession({ uid: u.uid, sessionVersion: 1 }, sealedAt, sealedAt);
    const res = await call(subscriptionGET, "/api/user/subscription", { cookie: `${SESSION_COOKIE}=${old.value}` });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: "token_expired", code: "token_expired", expired: true });
  });

  it("refuses cookie-authenticated writes from another origin (403 csrf)", async () => {
    const u = await createUser();
    const { cookie } = await signIn(u);
    const res = await call(signoutPOST, "/api/auth/signout", { method: "POST", cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("csrf");
    const sameSite = await call(signoutPOST, "/api/auth/signout", { method: "POST", cookie });
    expect(sameSite.status).toBe(200);
  });

  it("signs out: the cookie is cleared and auth.sign_out recorded", async () => {
    const u = await createUser();
    const { cookie } = await signIn(u);
    const res = await call(signoutPOST, "/api/auth/signout", { method: "POST", cookie });
    expect(res.headers.getSetCookie().join(";")).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(events.map((e) => e.action).sort()).toEqual(["auth.sign_in", "auth.sign_out"]);
  });

  // What scripts/server.mjs hands the app: the client's X-Forwarded-For, then the connection's address.
  const forgedThrough = (connection: string, i: number) => ({ "x-forwarded-for": `198.51.100.${i}, ${connection}` });

  it("limits sign-in attempts per connection whatever X-Forwarded-For the client writes (TRUST_PROXY=0)", async () => {
    const u = await createUser();
    const connection = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await call(sessionPOST, "/api/auth/session", { body: payload(u, { idToken: "forged" }), headers: forgedThrough(connection, i) });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
  });

  it("behind a trusted proxy (TRUST_PROXY=1), limits the address the proxy saw", async () => {
    const { env } = await import("@/lib/env");
    env().trustProxy = 1;
    try {
      const u = await createUser();
      const proxy = clientAddress();
      const statuses: number[] = [];
      // 25 clients behind one proxy: none is limited for the others' attempts.
      for (let i = 0; i < 25; i++) {
        const res = await call(sessionPOST, "/api/auth/session", { body: payload(u, { idToken: "forged" }), headers: forgedThrough(proxy, i) });
        statuses.push(res.status);
      }
      expect(statuses).not.toContain(429);
      // The address in the audit trail is the one the proxy saw.
      const ok = await call(sessionPOST, "/api/auth/session", { body: payload(u), headers: { "x-forwarded-for": `203.0.113.77, ${proxy}` } });
      expect(ok.status).toBe(200);
      const [event] = await (await db()).select({ ip: activityEvents.ip }).from(activityEvents).where(eq(activityEvents.userUid, u.uid));
      expect(event.ip).toBe("203.0.113.77");
    } finally {
      env().trustProxy = 0;
    }
  });

  it("records the connection's address in the audit trail, not a forged X-Forwarded-For", async () => {
    const u = await createUser();
    const connection = clientAddress();
    expect((await call(sessionPOST, "/api/auth/session", { body: payload(u), headers: { "x-forwarded-for": `6.6.6.6, ${connection}` } })).status).toBe(200);
    const [event] = await (await db()).select({ ip: activityEvents.ip }).from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(event.ip).toBe(connection);
  });

  it("limits sign-in attempts per IP", async () => {
    const u = await createUser();
    const headers = { "x-forwarded-for": clientAddress() };
    await startEarlyInMinute();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await call(sessionPOST, "/api/auth/session", { body: payload(u), headers })).status;
    expect(last).toBe(429);
  });
});
