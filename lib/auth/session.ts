import "server-only";
import { sealData, unsealData } from "iron-session";
import { LRUCache } from "lru-cache";
import { env } from "../env";
import { serverSecrets } from "../secrets";

export const SESSION_COOKIE = "mcp_session";

/**
 * After its lifetime a session is still readable for this long, so that the
 * server can answer `token_expired` (and the proxy send the user to
 * `/auth/login?expired=true`) instead of treating the user as a stranger.
 */
const EXPIRED_GRACE_SEC = 7 * 24 * 3600;

export interface SessionData {
  uid: string;
  /** Epoch ms after which the session is expired. */
  expiresAt: number;
  /** The user's session version when it was sealed; a bump ends it. */
  version: number;
  /** Epoch ms when the user last proved who they are to the identity provider (the ID token's auth_time). */
  authAt: number;
}

function passwords(): Record<string, string> {
  const { sessionSecret, sessionSecretPrevious } = serverSecrets();
  // iron-session seals with the highest id and unseals with any of them.
  return sessionSecretPrevious ? { 2: sessionSecret, 1: sessionSecretPrevious } : { 1: sessionSecret };
}

const ttlSec = () => env().sessionMaxAgeSec + EXPIRED_GRACE_SEC;

export async function sealSession(user: { uid: string; sessionVersion: number }, authAt: number, now = Date.now()) {
  const data: SessionData = { uid: user.uid, expiresAt: now + env().sessionMaxAgeSec * 1000, version: user.sessionVersion, authAt };
  const value = await sealData(data, { password: passwords(), ttl: ttlSec() });
  return { value, data };
}

export type SessionState = { state: "none" } | { state: "expired"; uid: string; version: number } | { state: "valid"; data: SessionData };

/**
 * What a cookie unsealed to, for a few seconds: unsealing is a pure function
 * of the cookie and the secrets, and costs more than the rest of reading a
 * session. Expiry is still judged on every read; revocation is the session
 * version's, checked by sessionUser().
 */
const unsealed = new LRUCache<string, Partial<SessionData> | "invalid">({ max: 10_000, ttl: 5_000 });

async function unseal(cookieValue: string): Promise<Partial<SessionData> | "invalid"> {
  const kept = unsealed.get(cookieValue);
  if (kept) return kept;
  let data: Partial<SessionData> | "invalid";
  try {
    data = await unsealData<Partial<SessionData>>(cookieValue, { password: passwords(), ttl: ttlSec() });
  } catch {
    data = "invalid";
  }
  unsealed.set(cookieValue, data);
  return data;
}

export async function readSession(cookieValue: string | undefined, now = Date.now()): Promise<SessionState> {
  if (!cookieValue) return { state: "none" };
  const data = await unseal(cookieValue);
  if (data === "invalid") return { state: "none" };
  const { uid, expiresAt, version, authAt } = data;
  // A cookie sealed before sessions had versions cannot be revoked: it is not honoured.
  if (typeof uid !== "string" || typeof expiresAt !== "number" || typeof version !== "number" || typeof authAt !== "number") {
    return { state: "none" };
  }
  if (expiresAt <= now) return { state: "expired", uid, version };
  return { state: "valid", data: { uid, expiresAt, version, authAt } };
}

export function sessionCookieOptions() {
  return {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().appUrl.startsWith("https:"),
    path: "/",
    maxAge: ttlSec(),
  };
}
