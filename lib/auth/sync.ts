"use client";

import type { User } from "firebase/auth";
import { ApiError, errorCodeOf } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";
import type { SessionUser } from "./schema";
import { logAuthEvent } from "../debug-log";

/** Duplicate sync calls for the same user within this window are skipped. */
export const SYNC_DEDUP_WINDOW_MS = 5_000;

export const SYNC_ERRORS = {
  missingData: "Missing required user data for backend sync",
  token: (reason: string) => `Failed to get Firebase ID token: ${reason}`,
  network: "Network error: Cannot connect to server. Please check your internet connection.",
} as const;

/** The session payload's displayName: the email's local part, else "User". */
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

/** A failure before any answer came back: status 0, as the API client reports one. */
const unanswered = (message: string) => new ApiError(0, "Unknown Error", message);

/**
 * Every failure is an `ApiError`. The session is what a token refresh renews,
 * so this request goes without a token and a 401 is not refreshed.
 */
async function doSync(user: User): Promise<SessionUser> {
  if (!user.uid || !user.email) throw unanswered(SYNC_ERRORS.missingData);
  let idToken: string;
  try {
    idToken = await user.getIdToken();
  } catch (err) {
    throw unanswered(SYNC_ERRORS.token((err as Error).message));
  }
  const payload = {
    idToken,
    email: user.email,
    displayName: payloadDisplayName(user.displayName, user.email),
    photoURL: user.photoURL,
    uid: user.uid,
  };
  try {
    const { user: synced } = await apiSend<{ user: SessionUser }>("POST", "/api/auth/session", payload, { anonymous: true });
    logAuthEvent("sync_ok", { uid: user.uid, role: synced.role });
    return synced;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) throw new ApiError(0, err.statusText, SYNC_ERRORS.network);
    logAuthEvent("sync_failed", { status: err instanceof ApiError ? err.status : 0, error: errorCodeOf(err) });
    throw err;
  }
}
