"use client";

import type { UserCredential } from "firebase/auth";
import { useState } from "react";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { signInWithSocial, type SocialProvider } from "@/lib/auth/social";

/**
 * What the sign-in and registration forms share: which way of signing in is
 * under way (`busy`, and everything `locked` meanwhile), the message to show
 * (the form's own, else the provider sync's), and the social buttons' flow:
 * the provider's popup, the backend sync, then `onSocialSignIn`. A closed
 * popup or a redirect under way ends that flow quietly.
 */
export function useSignIn<Way extends string>(onSocialSignIn: (credential: UserCredential, provider: SocialProvider) => void) {
  const { auth, syncError, completeSignIn } = useAuth();
  const [busy, setBusy] = useState<Way | SocialProvider | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function signInWith(provider: SocialProvider) {
    if (!auth) return;
    setBusy(provider);
    setFormError(null);
    try {
      const credential = await signInWithSocial(auth, provider);
      if (credential) {
        await completeSignIn(credential.user);
        onSocialSignIn(credential, provider);
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
