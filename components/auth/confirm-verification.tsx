"use client";

import { applyActionCode, reload } from "firebase/auth";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { navigateAfterAuth } from "@/lib/auth/redirect";
import { resetSync } from "@/lib/auth/sync";
import { AuthCard } from "./auth-card";
import { FormAlert } from "@/components/app/form-alert";

type Outcome = { state: "pending" } | { state: "verified" } | { state: "failed"; message: string };

export function ConfirmVerification({ oobCode }: { oobCode: string }) {
  const { auth, syncError, completeSignIn } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ state: "pending" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: strict mode's second effect run would otherwise
  // report a spurious "already used" failure over the real success.
  const applied = useRef(false);

  useEffect(() => {
    if (!auth || applied.current) return;
    applied.current = true;
    applyActionCode(auth, oobCode).then(
      () => setOutcome({ state: "verified" }),
      (err) => setOutcome({ state: "failed", message: authErrorMessage(err) }),
    );
  }, [auth, oobCode]);

  async function continueToDashboard() {
    const current = auth?.currentUser;
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
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

  if (!auth && syncError) {
    return (
      <AuthCard title="We could not verify your email">
        <FormAlert>{syncError}</FormAlert>
      </AuthCard>
    );
  }

  if (outcome.state === "pending") {
    return (
      <AuthCard title="Verifying your email">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" aria-label="Verifying" />
          Confirming your verification link…
        </p>
      </AuthCard>
    );
  }

  if (outcome.state === "failed") {
    return (
      <AuthCard title="We could not verify your email">
        <FormAlert>{outcome.message}</FormAlert>
        <Button asChild variant="outline">
          <Link href="/auth/verify-email">Send a new verification link</Link>
        </Button>
      </AuthCard>
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
