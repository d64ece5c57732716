"use client";

import type { Auth } from "firebase/auth";
import Link from "next/link";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { navigateAfterAuth } from "@/lib/auth/redirect";
import { resetSync } from "@/lib/auth/sync";
import { ActionCodeWait, useActionCode } from "./action-code";
import { AuthCard } from "./auth-card";
import { FormAlert } from "@/components/app/form-alert";

async function verify(auth: Auth, oobCode: string): Promise<void> {
  const { applyActionCode } = await import("firebase/auth");
  await applyActionCode(auth, oobCode);
}

export function ConfirmVerification({ oobCode }: { oobCode: string }) {
  const { auth, completeSignIn } = useAuth();
  const outcome = useActionCode(oobCode, verify);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function continueToDashboard() {
    const current = auth?.currentUser;
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
      const { reload } = await import("firebase/auth");
      await reload(current);
      // The last sync carried an unverified token; the new state must reach the backend.
      resetSync();
      await completeSignIn(current);
      navigateAfterAuth("/dashboard");
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  }

  if (outcome.state !== "done") {
    return (
      <ActionCodeWait
        outcome={outcome}
        pending={{ title: "Verifying your email", text: "Confirming your verification link…", label: "Verifying" }}
        failedTitle="We could not verify your email"
        next={{ href: "/auth/verify-email", label: "Send a new verification link" }}
      />
    );
  }

  return (
    <AuthCard title="Your email is verified" description="Thanks for confirming your address.">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {auth?.currentUser ? (
        <BusyButton type="button" onClick={continueToDashboard} busy={busy} busyLabel="Signing in">
          Continue to the dashboard
        </BusyButton>
      ) : (
        <Button asChild>
          <Link href="/auth/login">Sign in to continue</Link>
        </Button>
      )}
    </AuthCard>
  );
}
