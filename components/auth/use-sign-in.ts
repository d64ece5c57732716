"use client";

import { useState } from "react";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import type { SocialProvider } from "@/lib/auth/social";

type Track = typeof import("@/lib/analytics/track").track;

/**
 * What the sign-in and registration forms share: which way of signing in is
 * under way (`busy`, and everything `locked` meanwhile), the message to show
 * (the form's own, else the provider sync's), and the social buttons' flow:
 * the provider's popup, the backend sync, then `onSocialSignIn`. A closed
 * popup or a redirect under way ends that flow quietly. The provider's code,
 * the SDK and analytics load on the click, not with the page (see
 * `AuthProvider`): the forms load them the same way, and `onSocialSignIn` is
 * given `track`.
 */
export function useSignIn<Way extends string>(onSocialSignIn: (provider: SocialProvider, isNewUser: boolean, track: Track) => void) {
  const { auth, syncError, completeSignIn } = useAuth();
  const [busy, setBusy] = useState<Way | SocialProvider | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function signInWith(provider: SocialProvider) {
    if (!auth) return;
    setBusy(provider);
    setFormError(null);
    try {
      const [{ signInWithSocial }, { getAdditionalUserInfo }, { track }] = await Promise.all([
        import("@/lib/auth/social"),
        import("firebase/auth"),
        import("@/lib/analytics/track"),
      ]);
      const credential = await signInWithSocial(auth, provider);
      if (credential) {
        await completeSignIn(credential.user);
        onSocialSignIn(provider, getAdditionalUserInfo(credential)?.isNewUser ?? false, track);
        return;
      }
    } catch (err) {
      setFormError(authErrorMessage(err));
    }
    setBusy(null);
  }

  return {
    auth,
    completeSignIn,
    busy,
    setBusy,
    setFormError,
    signInWith,
    message: formError ?? syncError,
    locked: !auth || busy !== null,
  };
}
