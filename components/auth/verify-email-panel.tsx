"use client";

import Link from "next/link";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { navigateAfterAuth } from "@/lib/auth/redirect";
import { resetSync } from "@/lib/auth/sync";
import { FormAlert } from "@/components/app/form-alert";
import { EmulatorMailNote } from "./emulator-mail-note";

type Busy = "resend" | "check" | null;

export function VerifyEmailPanel() {
  const { status, user, firebaseUser, completeSignIn } = useAuth();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notYet, setNotYet] = useState(false);

  if (status === "loading") {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" aria-label="Loading your account" />
        Loading your account…
      </p>
    );
  }

  if (status === "signed-out") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">You are not signed in, so there is no email address to verify yet.</p>
        <Button asChild>
          <Link href="/auth/login">Sign in</Link>
        </Button>
      </div>
    );
  }

  const email = firebaseUser?.email ?? user?.email;

  // Social sign-ins usually arrive verified, and the backend already knows it.
  if (firebaseUser?.emailVerified && user?.emailVerified) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">Your email address {email} is already verified.</FormAlert>
        <Button asChild>
          <Link href="/dashboard">Go to the dashboard</Link>
        </Button>
      </div>
    );
  }

  async function resend() {
    if (!firebaseUser) return;
    setBusy("resend");
    setError(null);
    try {
      const { sendEmailVerification } = await import("firebase/auth");
      await sendEmailVerification(firebaseUser);
      toast({ title: "Email sent", description: `We sent a new verification link to ${firebaseUser.email ?? "your address"}.` });
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function check() {
    if (!firebaseUser) return;
    setBusy("check");
    setError(null);
    setNotYet(false);
    try {
      const { reload } = await import("firebase/auth");
      await reload(firebaseUser);
      if (!firebaseUser.emailVerified) {
        setNotYet(true);
        setBusy(null);
        return;
      }
      // A sync moments ago carried the unverified token; this one must not be skipped.
      resetSync();
      await completeSignIn(firebaseUser);
      navigateAfterAuth("/dashboard");
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        We sent a verification link to <span className="font-medium">{email ?? "your email address"}</span>. Open it to
        confirm that the address is yours, then come back here.
      </p>
      <EmulatorMailNote />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {notYet ? (
        <FormAlert tone="info">
          Your email is not verified yet. Open the link in the email first; it can take a minute to arrive.
        </FormAlert>
      ) : null}
      {!firebaseUser ? (
        <FormAlert tone="info">
          Sign in with your email and password on this device to resend the link or finish here.
        </FormAlert>
      ) : null}
      <BusyButton type="button" onClick={check} busy={busy === "check"} busyLabel="Checking" disabled={!firebaseUser || busy !== null}>
        I have verified my email
      </BusyButton>
      <BusyButton type="button" variant="outline" onClick={resend} busy={busy === "resend"} busyLabel="Sending" disabled={!firebaseUser || busy !== null}>
        Resend the email
      </BusyButton>
    </div>
  );
}
