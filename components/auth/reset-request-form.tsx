"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";
import { useSchemaForm } from "@/lib/forms/use-schema-form";
import { EmailField } from "@/components/app/email-field";
import { FormAlert } from "@/components/app/form-alert";

export function ResetRequestForm() {
  const { auth, syncError } = useAuth();
  const { errors, submit } = useSchemaForm(() => import("@/lib/auth/forms").then((m) => m.resetRequestSchema));
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setFormError(null);
    if (!parsed || !auth) return;
    setBusy(true);
    try {
      const { sendPasswordResetEmail } = await import("firebase/auth");
      await sendPasswordResetEmail(auth, parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (err) {
      // Saying "no such account" would let anyone test which emails have one.
      if (providerErrorCode(err) === "auth/user-not-found") setSentTo(parsed.data.email);
      else setFormError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const backToSignIn = (
    <p className="text-center text-sm text-muted-foreground">
      Remembered it?{" "}
      <Link href="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">
          If an account exists for {sentTo}, we sent a link to reset its password. Check your inbox.
        </FormAlert>
        <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
          Use another email
        </Button>
        {backToSignIn}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {formError || (!auth && syncError) ? <FormAlert>{formError ?? syncError}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        <EmailField error={errors.email} />
        <BusyButton type="submit" busy={busy} busyLabel="Sending" disabled={!auth || busy}>
          Send the reset link
        </BusyButton>
      </form>
      {backToSignIn}
    </div>
  );
}
