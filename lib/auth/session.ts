import "server-only";
import { sealData, unsealData } from "iron-session";
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
}

function passwords(): Record<string, string> {
  const { sessionSecret, sessionSecretPrevious } = serverSecrets();
  // iron-session seals with the highest id and unseals with any of them.
  return sessionSecretPrevious ? { 2: sessionSecret, 1: sessionSecretPrevious } : { 1: sessionSecret };
}

const ttlSec = () => env().sessionMaxAgeSec + EXPIRED_GRACE_SEC;

export async function sealSession(uid: string, now = Date.now()) {
  const data: SessionData = { uid, expiresAt: now + env().sessionMaxAgeSec * 1000 };
  const value = await sealData(data, { password: passwords(), ttl: ttlSec() });
  return { value, data };
}

export type SessionState = { state: "none" } | { state: "expired"; uid: string } | { state: "valid"; data: SessionData };

export async function readSession(cookieValue: string | undefined, now = Date.now()): Promise<SessionState> {
  if (!cookieValue) return { state: "none" };
  let data: Partial<SessionData>;
  try {
    data = await unsealData<Partial<SessionData>>(cookieValue, { password: passwords(), ttl: ttlSec() });
  } catch {
    return { state: "none" };
  }
  if (typeof data.uid !== "string" || typeof data.expiresAt !== "number") return { state: "none" };
  if (data.expiresAt <= now) return { state: "expired", uid: data.uid };
  return { state: "valid", data: { uid: data.uid, expiresAt: data.expiresAt } };
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
