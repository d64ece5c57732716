"use client";

import {
  GithubAuthProvider,
  GoogleAuthProvider,
  signInWithPopup,
  signInWithRedirect,
  type Auth,
  type AuthProvider,
  type UserCredential,
} from "firebase/auth";
import { logAuthEvent } from "../debug-log";
import { providerErrorCode } from "./provider-errors";

export type SocialProvider = "google" | "github";

export function socialProvider(which: SocialProvider): AuthProvider {
  if (which === "google") {
    const google = new GoogleAuthProvider();
    google.setCustomParameters({ prompt: "select_account" });
    return google;
  }
  const github = new GithubAuthProvider();
  github.addScope("user");
  github.addScope("user:email");
  return github;
}

/**
 * Popup sign-in, falling back to a full-page redirect when the browser blocks
 * the popup. Resolves null when there is nothing more to do here: a GitHub
 * popup closed by the user (a silent cancel), or a redirect under way.
 */
export async function signInWithSocial(auth: Auth, which: SocialProvider): Promise<UserCredential | null> {
  const provider = socialProvider(which);
  try {
    return await signInWithPopup(auth, provider);
  } catch (err) {
    const code = providerErrorCode(err);
    logAuthEvent("social_sign_in_error", { provider: which, code });
    if (code === "auth/popup-closed-by-user" && which === "github") return null;
    if (code === "auth/popup-blocked") {
      await signInWithRedirect(auth, provider);
      return null;
    }
    throw err;
  }
}
