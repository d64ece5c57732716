"use client";

import type { Auth } from "firebase/auth";
import Link from "next/link";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { ActionCodeWait, useActionCode } from "./action-code";
import { AuthCard } from "./auth-card";
import { FormAlert } from "@/components/app/form-alert";

/** Reads the address the code restores, then applies it: afterwards the code no longer tells which address it was. */
async function restore(auth: Auth, oobCode: string): Promise<string> {
  const { applyActionCode, checkActionCode } = await import("firebase/auth");
  const info = await checkActionCode(auth, oobCode);
  await applyActionCode(auth, oobCode);
  return info.data.email ?? "";
}

/** Undoes an email change the account holder did not ask for. */
export function RecoverEmail({ oobCode }: { oobCode: string }) {
  const { auth } = useAuth();
  const outcome = useActionCode(oobCode, restore);
  const [resetState, setResetState] = useState<"idle" | "sending" | "sent">("idle");
  const [resetError, setResetError] = useState<string | null>(null);

  async function sendReset(email: string) {
    if (!auth) return;
    setResetState("sending");
    setResetError(null);
    try {
      const { sendPasswordResetEmail } = await import("firebase/auth");
      await sendPasswordResetEmail(auth, email);
      setResetState("sent");
    } catch (err) {
      setResetError(authErrorMessage(err));
      setResetState("idle");
    }
  }

  if (outcome.state !== "done") {
    return (
      <ActionCodeWait
        outcome={outcome}
        pending={{ title: "Restoring your email address", text: "Restoring your email address…", label: "Restoring" }}
        failedTitle="We could not restore your email address"
        next={{ href: "/auth/login", label: "Go to sign in" }}
      />
    );
  }

  const email = outcome.value;
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
