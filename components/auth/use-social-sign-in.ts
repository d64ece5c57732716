"use client";

import type { UserCredential } from "firebase/auth";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { signInWithSocial, type SocialProvider } from "@/lib/auth/social";

/**
 * The social buttons' flow, the same on the sign-in and registration forms:
 * the provider's popup, the backend sync, then `onSignedIn`. A closed popup
 * or a redirect under way ends it quietly; a failure becomes the form's error.
 */
export function useSocialSignIn({
  setBusy,
  setFormError,
  onSignedIn,
}: {
  setBusy: (busy: SocialProvider | null) => void;
  setFormError: (message: string | null) => void;
  onSignedIn: (credential: UserCredential, provider: SocialProvider) => void;
}) {
  const { auth, completeSignIn } = useAuth();
  return async function signIn(provider: SocialProvider) {
    if (!auth) return;
    setBusy(provider);
    setFormError(null);
    try {
      const credential = await signInWithSocial(auth, provider);
      if (credential) {
        await completeSignIn(credential.user);
        onSignedIn(credential, provider);
        return;
      }
    } catch (err) {
      setFormError(authErrorMessage(err));
    }
    setBusy(null);
  };
}
