import "server-only";
import { LRUCache } from "lru-cache";
import { processSingleton } from "../process-singleton";
import type { UserRecord } from "../users/service";

/**
 * The session's user row as sessionUser() last read it, kept for at most
 * USER_TTL_MS in this process so that a burst of requests (the workbench's
 * calls) reads the users table once. What invalidates it:
 * - in this process, every write to the user's row (sign-out and other
 *   revocations, a role or plan change, settings, account deletion) calls
 *   forgetUser(), so the next request reads the row again;
 * - a write made by another instance is seen here at most USER_TTL_MS
 *   later: that long a revoked session or an old role can still be honoured
 *   by this instance.
 */
export const USER_TTL_MS = 5_000;

export type SessionRow = UserRecord & { sessionVersion: number; identityCheckedAt: Date | null };

// One cache per process, not per route bundle: an admin's change in one route must clear what another route reads.
const rows = processSingleton("session-user-rows", () => new LRUCache<string, SessionRow>({ max: 10_000, ttl: USER_TTL_MS }));

export const cachedUserRow = (uid: string): SessionRow | undefined => rows.get(uid);

export function keepUserRow(row: SessionRow) {
  rows.set(row.uid, row);
}

export function forgetUser(uid: string) {
  rows.delete(uid);
}
