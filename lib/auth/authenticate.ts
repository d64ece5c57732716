import "server-only";
import type { NextRequest } from "next/server";
import { env } from "../env";
import { HttpError, tokenExpired, unauthenticated } from "../http/errors";
import { findUser, type UserRecord } from "../users/service";
import { adminAuth } from "./firebase-admin";
import { readSession, SESSION_COOKIE } from "./session";

export type AuthUser = UserRecord & { via: "cookie" | "bearer" };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins this service answers on: the configured one and the one the request came to. */
function ownOrigins(req: NextRequest): Set<string> {
  const origins = new Set([new URL(env().appUrl).origin, req.nextUrl.origin]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

/**
 * A cookie is sent by the browser whatever page made the request, so a write
 * authenticated by it must come from our own pages.
 */
export function assertSameOrigin(req: NextRequest) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  const crossOrigin = origin ? !ownOrigins(req).has(origin) : fetchSite === "cross-site";
  if (crossOrigin) {
    throw new HttpError("csrf", "This request came from another site and was refused.");
  }
}

async function verifyBearer(token: string) {
  try {
    return await adminAuth().verifyIdToken(token);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "auth/id-token-expired") throw tokenExpired();
    throw unauthenticated("The bearer token is not a valid ID token for this project.");
  }
}

/**
 * The request's user, from `Authorization: Bearer <ID token>` or else the
 * session cookie; null when neither is present. An expired session or token
 * throws `token_expired`.
 */
export async function authenticate(req: NextRequest): Promise<AuthUser | null> {
  const header = req.headers.get("authorization");
  if (header?.toLowerCase().startsWith("bearer ")) {
    const decoded = await verifyBearer(header.slice(7).trim());
    const user = await findUser(decoded.uid);
    if (!user) throw unauthenticated("This account has not signed in to MCP Console yet.");
    return { ...user, via: "bearer" };
  }

  const session = await readSession(req.cookies.get(SESSION_COOKIE)?.value);
  if (session.state === "none") return null;
  if (session.state === "expired") throw tokenExpired();
  assertSameOrigin(req);
  const user = await findUser(session.data.uid);
  return user ? { ...user, via: "cookie" } : null;
}
