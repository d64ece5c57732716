"use client";

import { applyActionCode, checkActionCode, sendPasswordResetEmail } from "firebase/auth";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { AuthCard } from "./auth-card";
import { FormAlert } from "@/components/app/form-alert";

type Outcome = { state: "pending" } | { state: "restored"; email: string } | { state: "failed"; message: string };

/** Undoes an email change the account holder did not ask for. */
export function RecoverEmail({ oobCode }: { oobCode: string }) {
  const { auth, syncError } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ state: "pending" });
  const [resetState, setResetState] = useState<"idle" | "sending" | "sent">("idle");
  const [resetError, setResetError] = useState<string | null>(null);
  // Single-use code: strict mode must not apply it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!auth || started.current) return;
    started.current = true;
    (async () => {
      try {
        // Read before applying: afterwards the code no longer tells which address it restores.
        const info = await checkActionCode(auth, oobCode);
        await applyActionCode(auth, oobCode);
        setOutcome({ state: "restored", email: info.data.email ?? "" });
      } catch (err) {
        setOutcome({ state: "failed", message: authErrorMessage(err) });
      }
    })();
  }, [auth, oobCode]);

  async function sendReset(email: string) {
    if (!auth) return;
    setResetState("sending");
    setResetError(null);
    try {
      await sendPasswordResetEmail(auth, email);
      setResetState("sent");
    } catch (err) {
      setResetError(authErrorMessage(err));
      setResetState("idle");
    }
  }

  if (!auth && syncError) {
    return (
      <AuthCard title="We could not restore your email address">
        <FormAlert>{syncError}</FormAlert>
      </AuthCard>
    );
  }

  if (outcome.state === "pending") {
    return (
      <AuthCard title="Restoring your email address">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" aria-label="Restoring" />
          Restoring your email address…
        </p>
      </AuthCard>
    );
  }

  if (outcome.state === "failed") {
    return (
      <AuthCard title="We could not restore your email address">
        <FormAlert>{outcome.message}</FormAlert>
        <Button asChild variant="outline">
          <Link href="/auth/login">Go to sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  const { email } = outcome;
  return (
    <AuthCard title="Your email address is restored">
      <FormAlert tone="success">
        Your email address has been restored to {email || "its previous value"}.
      </FormAlert>
      <p className="text-sm">
        If you did not ask for the change, someone else may know your password. Reset it now to keep your account safe.
      </p>
      {resetError ? <FormAlert>{resetError}</FormAlert> : null}
      {resetState === "sent" ? (
        <FormAlert tone="success">We sent a link to reset your password to {email}. Check your inbox.</FormAlert>
      ) : email ? (
        <BusyButton type="button" onClick={() => sendReset(email)} busy={resetState === "sending"} busyLabel="Sending">
          Send a password reset email
        </BusyButton>
      ) : (
        <Button asChild>
          <Link href="/auth/reset-password">Reset your password</Link>
        </Button>
      )}
    </AuthCard>
  );
}
