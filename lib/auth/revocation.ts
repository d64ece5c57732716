import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import { log } from "../log";
import { sharedCache } from "../cache/shared-cache";
import { userColumns, type UserRecord } from "../users/service";
import { adminAuth } from "./firebase-admin";
import type { SessionData } from "./session";
import { cachedUserRow, forgetUser, keepUserRow, type SessionRow } from "../users/cache";

/**
 * How long the identity provider's word that an account is enabled and its
 * tokens not revoked is trusted. Asking on every request would put a call to
 * the provider on the hot path; this bounds how long a session outlives a
 * disabled account to a few minutes.
 */
const IDENTITY_RECHECK_MS = 5 * 60_000;

/** How recent a sign-in must be for an irreversible action such as deleting the account. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * Ends every session of the user: any cookie sealed before is refused from
 * the next request on. With `fromVersion`, only when that is still the
 * current version, so that a cookie already revoked cannot end newer sessions.
 */
export async function revokeSessions(uid: string, fromVersion?: number) {
  const where = fromVersion === undefined ? eq(users.uid, uid) : and(eq(users.uid, uid), eq(users.sessionVersion, fromVersion));
  await (await db())
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(where);
  await forgetUser(uid);
}

/**
 * Whether the identity account is still enabled and was not revoked since
 * the sign-in at `authAt`; null when the provider could not be asked.
 */
async function identityAllows(session: Pick<SessionData, "uid" | "authAt">): Promise<boolean | null> {
  try {
    const account = await adminAuth().getUser(session.uid);
    const validAfter = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
    return !account.disabled && validAfter <= session.authAt;
  } catch (err) {
    if ((err as { code?: string }).code === "auth/user-not-found") return false;
    // The provider being unreachable must not sign everyone out: ask again next time.
    log.warn("identity check failed", { err, uid: session.uid });
    return null;
  }
}

/**
 * The user of a valid session cookie, or null when the session was revoked.
 * The version is read with the user in one query, kept for a few seconds
 * (user-cache.ts says how it is invalidated); the identity provider is
 * asked at most once per IDENTITY_RECHECK_MS per user.
 */
export async function sessionUser(session: SessionData, now = Date.now()): Promise<UserRecord | null> {
  const database = await db();
  let row: SessionRow | undefined = cachedUserRow(session.uid);
  if (!row) {
    [row] = await database
      .select({ ...userColumns, sessionVersion: users.sessionVersion, identityCheckedAt: users.identityCheckedAt })
      .from(users)
      .where(eq(users.uid, session.uid))
      .limit(1);
    if (row) keepUserRow(row);
  }
  if (!row || row.sessionVersion !== session.version) return null;
  const { sessionVersion, identityCheckedAt, ...user } = row;
  if (identityCheckedAt && now - identityCheckedAt.getTime() < IDENTITY_RECHECK_MS) return user;
  const allowed = await identityAllows(session);
  if (allowed === false) {
    await revokeSessions(session.uid, sessionVersion);
    return null;
  }
  if (allowed) {
    await database.update(users).set({ identityCheckedAt: new Date(now) }).where(eq(users.uid, session.uid));
    keepUserRow({ ...row, identityCheckedAt: new Date(now) });
  }
  return user;
}

/**
 * ID tokens (bearer) the provider allowed: per user, each sign-in time and
 * when it was checked. Every token carries its sign-in time, so a token of a
 * sign-in made after a revocation is told apart from one made before it,
 * which a single "checked at" per user (as sessions keep) could not do. Kept
 * for IDENTITY_RECHECK_MS; a revocation through the console (revokeIdTokens)
 * drops it on every instance at once (lib/cache/shared-cache.ts), one made
 * elsewhere (the provider's console) is honoured within that time.
 */
const allowedTokens = sharedCache<Map<number, number>>("id-token-checks", { max: 10_000, ttl: IDENTITY_RECHECK_MS });

/**
 * Whether an ID token of `uid` signed in at `authAt` (epoch ms), its
 * signature already verified, may still be used: false once the account is
 * disabled or its tokens revoked. The provider is asked at most once per
 * IDENTITY_RECHECK_MS for each sign-in; when it cannot be asked, the token
 * is let through, as a session is.
 */
export async function idTokenAllowed(uid: string, authAt: number, now = Date.now()): Promise<boolean> {
  const checked = allowedTokens.get(uid);
  const checkedAt = checked?.get(authAt);
  if (checkedAt !== undefined && now - checkedAt < IDENTITY_RECHECK_MS) return true;
  const allowed = await identityAllows({ uid, authAt });
  if (allowed) allowedTokens.set(uid, new Map(checked).set(authAt, now));
  return allowed !== false;
}

/** Revokes the user's refresh and ID tokens at the provider; no instance takes the ID tokens from then on. */
export async function revokeIdTokens(uid: string) {
  await adminAuth().revokeRefreshTokens(uid);
  await allowedTokens.forget(uid);
}
