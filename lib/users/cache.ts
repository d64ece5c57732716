import "server-only";
import { sharedCache } from "../cache/shared-cache";
import type { UserRecord } from "./service";

/**
 * The session's user row as sessionUser() last read it, kept for at most
 * USER_TTL_MS in this process so that a burst of requests (the workbench's
 * calls) reads the users table once. What invalidates it:
 * every write to the user's row (sign-out and other revocations, a role or
 * plan change, settings, account deletion) calls forgetUser(), which drops
 * it on every instance (lib/cache/shared-cache.ts), so the next request,
 * wherever it lands, reads the row again. USER_TTL_MS bounds how long an
 * instance that missed the word (its listening connection was down) keeps
 * honouring a revoked session or an old role.
 */
export const USER_TTL_MS = 5_000;

export type SessionRow = UserRecord & { sessionVersion: number; identityCheckedAt: Date | null };

const rows = sharedCache<SessionRow>("session-user-rows", { max: 10_000, ttl: USER_TTL_MS });

export const cachedUserRow = (uid: string): SessionRow | undefined => rows.get(uid);

export function keepUserRow(row: SessionRow) {
  rows.set(row.uid, row);
}

export function forgetUser(uid: string): Promise<void> {
  return rows.forget(uid);
}
