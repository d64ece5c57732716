"use client";

import type { Auth, User } from "firebase/auth";
import { ApiError, failureMessage } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";
import { authErrorMessage } from "./provider-errors";

/** A new demo account (POST /api/auth/demo, which seeds it: a few seconds), signed in to in the browser, and the page to land on. */
export async function signInToDemo(auth: Auth): Promise<{ user: User; landing: string }> {
  const { token, serverId } = await apiSend<{ token: string; serverId?: string }>("POST", "/api/auth/demo");
  const { signInWithCustomToken } = await import("firebase/auth");
  const { user } = await signInWithCustomToken(auth, token);
  // Its server with two weeks of history; the dashboard when the server could not be made.
  return { user, landing: serverId ? `/servers/${serverId}` : "/dashboard" };
}

/**
 * The same from a public page, which has no auth provider: the session is
 * made here (as the provider's completeSignIn does), then the browser moves
 * to the demo's server.
 */
export async function startDemoVisit(): Promise<void> {
  const [{ firebaseAuth, loadPublicConfig }, { syncUserWithBackend }] = await Promise.all([import("./firebase-client"), import("./sync")]);
  const { user, landing } = await signInToDemo(firebaseAuth(await loadPublicConfig(null)));
  await user.getIdToken(true);
  await syncUserWithBackend(user);
  window.location.assign(landing);
}

/** What a visitor is told when the demo could not start: the console's own words, or the identity provider's. */
export const demoFailureMessage = (err: unknown) => (err instanceof ApiError ? failureMessage(err) : authErrorMessage(err));
