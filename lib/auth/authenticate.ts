import "server-only";
import type { NextRequest } from "next/server";
import { env } from "../env";
import { bearerCredential } from "../http/bearer";
import { HttpError, tokenExpired, unauthenticated } from "../http/errors";
import { isApiToken } from "../tokens/secret";
import { verifyApiToken, type TokenUse } from "../tokens/verify";
import { findUser, type UserRecord } from "../users/service";
import { adminAuth } from "./firebase-admin";
import { isOwnOrigin, reportRefusedOrigin } from "./own-origin";
import { idTokenAllowed, sessionUser } from "./revocation";
import { readSession, SESSION_COOKIE } from "./session";

/**
 * `token`: a personal API token (`mcpc_…`), with its scope for the route
 * wrapper to enforce. `authAt`: epoch ms of the user's last sign-in with the
 * identity provider, for actions that ask for a recent one.
 */
export type AuthUser = UserRecord & { authAt?: number } & ({ via: "cookie" | "bearer" } | { via: "token"; token: TokenUse });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A cookie is sent by the browser whatever page made the request, so a write
 * authenticated by it must come from our own pages. Only APP_URL's origin is
 * ours (and, in local mode, its other loopback names: lib/auth/own-origin.ts):
 * the Host and X-Forwarded-Host headers are the client's to write. A write
 * that says nothing of where it came from (no Origin, no Sec-Fetch-Site) is
 * refused too: every browser sends one of them.
 */
export function assertSameOrigin(req: NextRequest) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  const sameOrigin = origin ? isOwnOrigin(origin, env()) : fetchSite === "same-origin";
  if (!sameOrigin) {
    if (origin) reportRefusedOrigin(origin, env());
    throw new HttpError("csrf", "This request came from another site and was refused.");
  }
}

const revokedToken = () => unauthenticated("This ID token was revoked, or its account disabled. Sign in again.");

/**
 * The bearer ID token's claims, once its signature and expiry are checked
 * here and its revocation with the provider (idTokenAllowed: not on every
 * request, unlike verifyIdToken's checkRevoked).
 */
async function verifyBearer(token: string) {
  let decoded;
  try {
    decoded = await adminAuth().verifyIdToken(token);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "auth/id-token-expired") throw tokenExpired();
    // Against the Auth emulator, the SDK asks about revocation itself, every time.
    if (code === "auth/id-token-revoked" || code === "auth/user-disabled") throw revokedToken();
    throw unauthenticated("The bearer token is not a valid ID token for this project.");
  }
  if (!(await idTokenAllowed(decoded.uid, decoded.auth_time * 1000))) throw revokedToken();
  return decoded;
}

/**
 * The request's user, from `Authorization: Bearer <ID token or API token>`
 * or else the session cookie; null when neither is present. An expired
 * session or ID token throws `token_expired`.
 */
export async function authenticate(req: NextRequest): Promise<AuthUser | null> {
  const credential = bearerCredential(req.headers.get("authorization"));
  if (credential !== null) {
    if (isApiToken(credential)) return { ...(await verifyApiToken(credential)), via: "token" };
    const decoded = await verifyBearer(credential);
    const user = await findUser(decoded.uid);
    if (!user) throw unauthenticated("This account has not signed in to MCP Console yet.");
    return { ...user, via: "bearer", authAt: decoded.auth_time * 1000 };
  }

  const session = await readSession(req.cookies.get(SESSION_COOKIE)?.value);
  if (session.state === "none") return null;
  if (session.state === "expired") throw tokenExpired();
  assertSameOrigin(req);
  const user = await sessionUser(session.data);
  return user ? { ...user, via: "cookie", authAt: session.data.authAt } : null;
}
