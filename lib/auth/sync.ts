"use client";

import type { User } from "firebase/auth";
import type { SessionUser } from "./schema";
import { logAuthEvent } from "./debug-log";

/** Duplicate sync calls for the same user within this window are skipped (seed §5). */
export const SYNC_DEDUP_WINDOW_MS = 5_000;

export const SYNC_ERRORS = {
  missingData: "Missing required user data for backend sync",
  token: (reason: string) => `Failed to get Firebase ID token: ${reason}`,
  network: "Network error: Cannot connect to server. Please check your internet connection.",
} as const;

/** The seed's session payload's displayName: the email's local part, else "User". */
export function payloadDisplayName(displayName: string | null, email: string | null): string {
  if (displayName?.trim()) return displayName.trim();
  return email?.split("@")[0] || "User";
}

let last: { uid: string; at: number; result: Promise<SessionUser> } | undefined;

/** Forgets the last sync, so the next one runs (after sign-out, or a fresh sign-in). */
export function resetSync() {
  last = undefined;
}

/**
 * Sends the signed-in user to the backend (`POST /api/auth/session`), which
 * sets the session cookie. A second call for the same user within 5 s returns
 * the first call's result instead of syncing again.
 */
export function syncUserWithBackend(user: User, now = Date.now()): Promise<SessionUser> {
  if (last && last.uid === user.uid && now - last.at < SYNC_DEDUP_WINDOW_MS) {
    logAuthEvent("sync_skipped_duplicate", { uid: user.uid });
    return last.result;
  }
  const result = doSync(user);
  last = { uid: user.uid, at: now, result };
  result.catch(() => {
    if (last?.result === result) last = undefined;
  });
  return result;
}

async function doSync(user: User): Promise<SessionUser> {
  if (!user.uid || !user.email) throw new Error(SYNC_ERRORS.missingData);
  let idToken: string;
  try {
    idToken = await user.getIdToken();
  } catch (err) {
    throw new Error(SYNC_ERRORS.token((err as Error).message));
  }
  let res: Response;
  try {
    res = await fetch("/api/auth/session", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", "Cache-Control": "no-cache" },
      body: JSON.stringify({
        idToken,
        email: user.email,
        displayName: payloadDisplayName(user.displayName, user.email),
        photoURL: user.photoURL,
        uid: user.uid,
      }),
    });
  } catch {
    throw new Error(SYNC_ERRORS.network);
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    logAuthEvent("sync_failed", { status: res.status, error: body?.error });
    throw new Error(body?.message ?? `Sign-in failed (${res.status})`);
  }
  logAuthEvent("sync_ok", { uid: user.uid, role: body.user?.role });
  return body.user as SessionUser;
}
