"use client";

import type { User } from "firebase/auth";
import { sendTokenTo } from "@/lib/api-client/fetch";
import { logAuthEvent } from "../debug-log";

/** A token sent to the sync URL is never older than this. */
export const SYNC_TOKEN_MAX_AGE_SEC = 300;

/** Whether a token issued at `issuedAtSec` is still young enough to send. */
export function tokenFreshEnough(issuedAtSec: number, nowMs = Date.now(), maxAgeSec = SYNC_TOKEN_MAX_AGE_SEC) {
  return nowMs / 1000 - issuedAtSec <= maxAgeSec;
}

async function sendToken(user: User, url: string) {
  let result = await user.getIdTokenResult();
  if (!tokenFreshEnough(Number(result.claims.iat))) result = await user.getIdTokenResult(true);
  try {
    await sendTokenTo(url, result.token);
    logAuthEvent("token_synced", { url });
  } catch (err) {
    logAuthEvent("token_sync_failed", { url, reason: (err as Error).message });
  }
}

/**
 * Sends the user's ID token to the operator's sync URL now and whenever it is
 * about to be older than the maximum age. Returns the stop function.
 */
export function startTokenSync(user: User, url: string): () => void {
  void sendToken(user, url);
  const timer = setInterval(() => void sendToken(user, url), SYNC_TOKEN_MAX_AGE_SEC * 1000);
  return () => clearInterval(timer);
}
