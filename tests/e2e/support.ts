import http from "node:http";
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { adminEmailOf, WORKERS } from "./workers";

const emulator = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199"}`;
const identity = (path: string) => `${emulator()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console-test";
export const PASSWORD = "correct-horse-battery";

let n = 0;
export const uniqueEmail = (prefix = "e2e") => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;

/**
 * Creates an account in the Auth Emulator and returns an ID token of a sign-in with its password.
 * Not the sign-up's own token: the emulator's sign-up reads the clock twice, for the token's
 * auth_time and then for the account's validSince (both by the second), and when a second begins
 * between the two (the emulator held up on a loaded machine) that token reads as revoked: the
 * service refuses it with "This sign-in was revoked". A sign-in comes after validSince.
 */
export async function createAccount(request: APIRequestContext, email = uniqueEmail(), displayName?: string) {
  const credentials = { email, password: PASSWORD, returnSecureToken: true };
  const created = await request.post(identity("accounts:signUp"), { data: { ...credentials, displayName } });
  if (!created.ok()) throw new Error(`sign-up: ${created.status()} ${await created.text()}`);
  const json = (await (await request.post(identity("accounts:signInWithPassword"), { data: credentials })).json()) as { localId: string; idToken: string };
  return { uid: json.localId, email, idToken: json.idToken };
}

type SessionPayload = { idToken: string; uid: string; email: string; displayName: string | null; photoURL: null };
type Cookie = Parameters<BrowserContext["addCookies"]>[0][number];

// Which of the workers running side by side this is (Playwright sets it in each worker; a worker
// started again after a failure gets the same one).
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// 127.0.0.0/8 is all loopback. The service allows 20 sign-ins a minute per
// client address, and a suite that signs in a new account for most tests
// passes that on a fast run; each sign-in here comes from an address of its
// own, so that it spends no other test's allowance (the limit itself has its
// own test in session-security.spec.ts, from 127.0.0.23). Each worker draws
// from a /24 of its own, so that two workers never share one.
let nextAddress = process.pid % 200;
const freshLoopback = () => `127.0.${worker + 1}.${(nextAddress++ % 250) + 1}`;

/**
 * Exchanges an ID token for the session cookie at /api/auth/session, from a
 * loopback address of its own, and returns the cookie for a browser or
 * request context to hold.
 */
export async function sessionCookie(baseURL: string, payload: SessionPayload): Promise<Cookie> {
  const url = new URL("/api/auth/session", baseURL.replace("localhost", "127.0.0.1"));
  const { status, body, setCookie } = await new Promise<{ status: number; body: string; setCookie: string[] }>((resolve, reject) => {
    const req = http.request(url, { method: "POST", localAddress: freshLoopback(), headers: { "content-type": "application/json", origin: baseURL } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(payload));
  });
  if (status !== 200) throw new Error(`session: ${status} ${body}`);
  const [pair] = (setCookie.find((c) => c.startsWith("mcp_session=")) ?? "").split(";");
  if (!pair) throw new Error("session: the answer set no session cookie");
  return { name: "mcp_session", value: pair.slice("mcp_session=".length), url: baseURL, httpOnly: true, sameSite: "Lax" };
}

/**
 * Signs a new account in through the session API, so that the page's browser
 * context holds the session cookie (for tests about what comes after sign-in).
 * `baseURL` is the origin the page will use, when a spec sets its own.
 */
export async function signInViaApi(page: Page, displayName = "Ada Lovelace", baseURL = process.env.E2E_BASE_URL!) {
  const account = await createAccount(page.request, uniqueEmail(), displayName);
  await page.context().addCookies([await sessionCookie(baseURL, { idToken: account.idToken, uid: account.uid, email: account.email, displayName, photoURL: null })]);
  return account;
}

if (worker >= WORKERS) throw new Error(`Worker ${worker} has no administrator: ADMIN_EMAILS lists ${WORKERS}. Set E2E_WORKERS instead of --workers.`);
/** This worker's administrator, listed in ADMIN_EMAILS by playwright.config.ts. */
export const ADMIN_EMAIL = adminEmailOf(worker);

/**
 * The administrator: the account is created (or reused), its email verified
 * with the emulator's out-of-band code, and it signs in; a verified
 * ADMIN_EMAILS address becomes an admin at session sync.
 */
export async function adminIdToken(request: APIRequestContext) {
  const credentials = { email: ADMIN_EMAIL, password: PASSWORD, returnSecureToken: true };
  let res = await request.post(identity("accounts:signUp"), { data: credentials });
  if (!res.ok()) res = await request.post(identity("accounts:signInWithPassword"), { data: credentials });
  const { idToken, localId } = (await res.json()) as { idToken: string; localId: string };
  await request.post(identity("accounts:sendOobCode"), { data: { requestType: "VERIFY_EMAIL", idToken } });
  const code = (await oobCodes(request, ADMIN_EMAIL)).filter((c) => c.requestType === "VERIFY_EMAIL").at(-1)!;
  await request.post(identity("accounts:update"), { data: { oobCode: code.oobCode } });
  const fresh = (await (await request.post(identity("accounts:signInWithPassword"), { data: credentials })).json()) as { idToken: string };
  return { uid: localId, idToken: fresh.idToken };
}

/**
 * Gives `uid` a plan as the administrator would, from a request context of its
 * own (the page's would swap the user's session for the administrator's).
 */
export async function setPlanAsAdmin(baseURL: string, uid: string, plan: "free tier" | "pro") {
  const emulatorApi = await playwrightRequest.newContext();
  const admin = await adminIdToken(emulatorApi).finally(() => emulatorApi.dispose());
  const cookie = await sessionCookie(baseURL, { idToken: admin.idToken, uid: admin.uid, email: ADMIN_EMAIL, displayName: "Ada Admin", photoURL: null });
  const host = new URL(baseURL).hostname;
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    storageState: { cookies: [{ name: cookie.name, value: cookie.value, domain: host, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }], origins: [] },
  });
  try {
    const changed = await api.patch(`/api/admin/users/${uid}`, { data: { plan } });
    if (!changed.ok()) throw new Error(`plan change: ${changed.status()} ${await changed.text()}`);
  } finally {
    await api.dispose();
  }
}

/** Reads the out-of-band codes (verification, password reset) the emulator "sent". */
export async function oobCodes(request: APIRequestContext, email: string) {
  const res = await request.get(`${emulator()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string; oobLink: string }[] };
  return json.oobCodes.filter((c) => c.email === email);
}

/**
 * A session cookie that expired a minute ago, sealed with the test server's
 * own local secret (kept in its data folder), as a browser would hold it
 * after the session's lifetime.
 */
export async function expiredSessionCookie(uid: string) {
  const { sealData } = await import("iron-session");
  const fs = await import("node:fs");
  const path = await import("node:path");
  const secrets = JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "local-secrets.json"), "utf8"));
  // Version 1: the session version of an account that has not signed out yet.
  const value = await sealData({ uid, expiresAt: Date.now() - 60_000, version: 1, authAt: Date.now() - 3_600_000 }, { password: { 1: secrets.sessionSecret }, ttl: 14 * 24 * 3600 });
  return { name: "mcp_session", value, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" as const };
}

/**
 * The cookie banner answered before the page loads, as a returning visitor has: analytics and
 * marketing off, functional cookies on unless `functional` is false. Every page load of `target`.
 */
export async function answerCookieBanner(target: Page | BrowserContext, { functional = true } = {}) {
  await target.addInitScript((f) => {
    localStorage.setItem("cookie_consent", JSON.stringify({ analytics: false, marketing: false, functional: f, hasConsented: true, timestamp: Date.now() }));
  }, functional);
}

/** The theme chosen before the page loads, as the theme switch stores it. */
export async function chooseTheme(target: Page | BrowserContext, theme: string) {
  await target.addInitScript((t) => localStorage.setItem("theme", t), theme);
}
