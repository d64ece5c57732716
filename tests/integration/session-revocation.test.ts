import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { PATCH as adminUserPATCH } from "@/app/api/admin/users/[uid]/route";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as signoutPOST } from "@/app/api/auth/signout/route";
import { DELETE as userDELETE } from "@/app/api/user/route";
import { DELETE as sessionsDELETE } from "@/app/api/user/sessions/route";
import { GET as subscriptionGET } from "@/app/api/user/subscription/route";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { idTokenAllowed, revokeIdTokens } from "@/lib/auth/revocation";
import { sealSession, SESSION_COOKIE } from "@/lib/auth/session";
import { forgetUser } from "@/lib/users/cache";
import { db } from "@/lib/db";
import { activityEvents, users } from "@/lib/db/schema";
import { clientAddress } from "../support/client-address";
import { describeEachDatabase } from "../support/databases";
import { createUser, verifyEmail, type EmulatorUser } from "../support/emulator";
import { call, cookieFrom, ORIGIN } from "../support/http";
import { signIn, signInAdmin } from "../support/sign-in";

/** A second session of the same identity, as another device would open it. */
async function anotherSession(u: EmulatorUser) {
  const res = await call(sessionPOST, "/api/auth/session", {
    body: { idToken: u.idToken, uid: u.uid, email: u.email, displayName: null, photoURL: null },
    headers: { "x-forwarded-for": clientAddress() },
  });
  return { status: res.status, cookie: cookieFrom(res, SESSION_COOKIE) };
}

const works = async (cookie: string) => (await call(subscriptionGET, "/api/user/subscription", { cookie })).status;

/**
 * The identity provider revokes by the second: a revocation in the second a
 * token was minted does not cover it. Tests about revocation let that second pass.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

describeEachDatabase("session revocation", () => {
  it("a copied cookie stops working after sign-out", async () => {
    const u = await signIn();
    const copy = u.cookie;
    expect(await works(copy)).toBe(200);
    expect((await call(signoutPOST, "/api/auth/signout", { method: "POST", cookie: u.cookie })).status).toBe(200);
    const after = await call(subscriptionGET, "/api/user/subscription", { cookie: copy });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe("unauthenticated");
  });

  it("sign out everywhere ends every session and the identity's refresh tokens: the old ID token opens no new one", async () => {
    const u = await signIn();
    const other = await anotherSession(u);
    expect(await works(other.cookie!)).toBe(200);
    await nextSecond();

    const res = await call(sessionsDELETE, "/api/user/sessions", { method: "DELETE", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(";")).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(await works(u.cookie)).toBe(401);
    expect(await works(other.cookie!)).toBe(401);

    const again = await anotherSession(u);
    expect(again.status).toBe(401);
    const events = await (await db()).select({ action: activityEvents.action }).from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(events.map((e) => e.action)).toContain("auth.signed_out_everywhere");
  });

  it("a session of a disabled identity account stops working at the next identity check, and no new one opens", async () => {
    const u = await signIn();
    expect(await works(u.cookie)).toBe(200);
    await adminAuth().updateUser(u.uid, { disabled: true });
    // The provider is asked at most every few minutes; the last answer is made that old (and, those
    // minutes having passed, this process's few seconds' copy of the user is gone too).
    const ageIdentityCheck = async () => {
      await (await db()).update(users).set({ identityCheckedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(users.uid, u.uid));
      await forgetUser(u.uid);
    };
    await ageIdentityCheck();
    expect(await works(u.cookie)).toBe(401);

    await adminAuth().updateUser(u.uid, { disabled: false });
    // Revoked for good: enabling the account again does not bring the old cookie back.
    await ageIdentityCheck();
    expect(await works(u.cookie)).toBe(401);
  });

  it("refuses to open a session with the ID token of a disabled account or a revoked one", async () => {
    const disabled = await createUser();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    const refused = await anotherSession(disabled);
    expect(refused.status).toBe(401);

    const revoked = await createUser();
    await nextSecond();
    await adminAuth().revokeRefreshTokens(revoked.uid);
    expect((await anotherSession(revoked)).status).toBe(401);
  });

  it("an ID token used as a bearer is refused once the identity's tokens are revoked or its account disabled", async () => {
    const withBearer = (token: string) => call(subscriptionGET, "/api/user/subscription", { headers: { authorization: `Bearer ${token}` } });
    const refusal = { error: "unauthenticated", message: "This ID token was revoked, or its account disabled. Sign in again." };

    // Revoked or disabled at the provider (its console, another instance of the service).
    const revoked = await signIn();
    await nextSecond();
    await adminAuth().revokeRefreshTokens(revoked.uid);
    expect(await withBearer(revoked.idToken)).toMatchObject({ status: 401, json: refusal });
    const disabled = await signIn();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    expect(await withBearer(disabled.idToken)).toMatchObject({ status: 401, json: refusal });

    // Signed out everywhere here: a token that worked a moment ago is refused from the next request.
    const u = await signIn();
    expect((await withBearer(u.idToken)).status).toBe(200);
    await nextSecond();
    expect((await call(sessionsDELETE, "/api/user/sessions", { method: "DELETE", headers: u.bearer })).status).toBe(200);
    expect(await withBearer(u.idToken)).toMatchObject({ status: 401, json: refusal });
    // The token of a sign-in after that works.
    await nextSecond();
    expect((await withBearer((await verifyEmail(u)).idToken)).status).toBe(200);
  });

  it("judges an ID token by its sign-in: refused at once after this service revoked the tokens, even one allowed just before", async () => {
    // Against the emulator the SDK asks about revocation on every verification too; in production only this check does.
    const u = await signIn();
    const signedInAt = (await adminAuth().verifyIdToken(u.idToken)).auth_time * 1000;
    expect(await idTokenAllowed(u.uid, signedInAt)).toBe(true);
    await nextSecond();
    await revokeIdTokens(u.uid);
    expect(await idTokenAllowed(u.uid, signedInAt)).toBe(false);
    // A sign-in after the revocation is another sign-in: allowed.
    await nextSecond();
    expect(await idTokenAllowed(u.uid, Date.now())).toBe(true);

    const disabled = await signIn();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    expect(await idTokenAllowed(disabled.uid, Date.now())).toBe(false);
  });

  it("a role change ends the user's sessions", async () => {
    const admin = await signInAdmin();
    const u = await signIn();
    expect(await works(u.cookie)).toBe(200);
    const res = await call(adminUserPATCH, `/api/admin/users/${u.uid}`, { method: "PATCH", cookie: admin.cookie, params: { uid: u.uid }, body: { role: "admin" } });
    expect(res.status).toBe(200);
    expect(await works(u.cookie)).toBe(401);
    // The administrator's own session is untouched.
    expect(await works(admin.cookie)).toBe(200);
  });

  it("deleting the account asks for a sign-in less than 5 minutes old", async () => {
    const u = await signIn();
    const [{ sessionVersion }] = await (await db()).select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.uid, u.uid));
    const stale = await sealSession({ uid: u.uid, sessionVersion }, Date.now() - 6 * 60_000);
    const cookie = `${SESSION_COOKIE}=${stale.value}`;
    expect(await works(cookie)).toBe(200);
    const refused = await call(userDELETE, "/api/user", { method: "DELETE", cookie, body: { confirm: u.email } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("recent_sign_in_required");
    expect(await works(u.cookie)).toBe(200);

    const deleted = await call(userDELETE, "/api/user", { method: "DELETE", cookie: u.cookie, body: { confirm: u.email } });
    expect(deleted.status).toBe(200);
  });
});

describeEachDatabase("cookie-authenticated writes", () => {
  const signoutWith = (cookie: string, headers: Record<string, string>) =>
    signoutPOST(new NextRequest(`${ORIGIN}/api/auth/signout`, { method: "POST", headers: { cookie, ...headers } }));

  it("are refused when they say neither Origin nor Sec-Fetch-Site", async () => {
    const u = await signIn();
    const res = await signoutWith(u.cookie, {});
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("csrf");
  });

  it("trust only APP_URL's origin, not the Host or X-Forwarded-Host the client sends", async () => {
    const u = await signIn();
    const forged = await signoutWith(u.cookie, { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(forged.status).toBe(403);
    const sameSite = await signoutWith(u.cookie, { "sec-fetch-site": "same-site" });
    expect(sameSite.status).toBe(403);
    expect(await works(u.cookie)).toBe(200);
    const own = await signoutWith(u.cookie, { "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
  });
});
