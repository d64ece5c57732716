"use client";

import Link from "next/link";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { focusField } from "@/lib/forms/fields";
import { useSchemaForm } from "@/lib/forms/use-schema-form";
import { FormAlert } from "@/components/app/form-alert";
import { passwordPolicyError } from "./password-rules";

type CodeState = { state: "checking" } | { state: "valid"; email: string } | { state: "invalid"; message: string };

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export function ConfirmResetForm({ oobCode }: { oobCode: string }) {
  const { auth, syncError } = useAuth();
  const [code, setCode] = useState<CodeState>({ state: "checking" });
  const { errors, submit } = useSchemaForm(() => import("@/lib/auth/forms").then((m) => m.newPasswordSchema));
  const [passwordError, setPasswordError] = useState<ReactNode>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // Checking does not use the code up, so a strict-mode second run is harmless.
  useEffect(() => {
    if (!auth) return;
    let cancelled = false;
    import("firebase/auth")
      .then(({ verifyPasswordResetCode }) => verifyPasswordResetCode(auth, oobCode))
      .then(
        (email) => !cancelled && setCode({ state: "valid", email }),
        (err) => !cancelled && setCode({ state: "invalid", message: authErrorMessage(err) }),
      );
    return () => {
      cancelled = true;
    };
  }, [auth, oobCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setPasswordError(null);
    setFormError(null);
    if (!parsed || !auth) return;
    const { form } = parsed;
    setBusy(true);
    try {
      const { confirmPasswordReset } = await import("firebase/auth");
      await confirmPasswordReset(auth, oobCode, parsed.data.password);
      setDone(true);
    } catch (err) {
      const refused = await passwordPolicyError(auth, parsed.data.password, err);
      if (refused) {
        setPasswordError(refused);
        focusField(form, "password");
      } else {
        setFormError(authErrorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">Your password has been changed.</FormAlert>
        <Button asChild>
          <Link href="/auth/login">Sign in</Link>
        </Button>
      </div>
    );
  }

  if (!auth && syncError) return <FormAlert>{syncError}</FormAlert>;

  if (code.state === "checking") {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" aria-label="Checking the link" />
        Checking your reset link…
      </p>
    );
  }

  if (code.state === "invalid") {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert>{code.message}</FormAlert>
        <p className="text-center text-sm">
          <Link href="/auth/reset-password" className={linkClass}>
            Request a new reset link
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Choose a new password for <span className="font-medium">{code.email}</span>.
      </p>
      {formError ? (
        <FormAlert>
          {formError}{" "}
          <Link href="/auth/reset-password" className="underline underline-offset-4">
            Request a new reset link
          </Link>
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={code.email} readOnly hidden />
        <Field label="New password" hint="Use 8 to 128 characters." error={passwordError ?? errors.password}>
          {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" required />}
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword}>
          {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" required />}
        </Field>
        <BusyButton type="submit" busy={busy} busyLabel="Saving">
          Change password
        </BusyButton>
      </form>
    </div>
  );
}
