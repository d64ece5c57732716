"use client";

import { EmailAuthProvider, reauthenticateWithCredential, updatePassword, type User } from "firebase/auth";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { newPasswordSchema } from "@/lib/auth/forms";
import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";
import { useSchemaForm } from "@/lib/forms/use-schema-form";

const passwordChange = z.intersection(z.object({ currentPassword: z.string().min(1, "Enter your current password.") }), newPasswordSchema);

/** Re-authentication with the current password comes first: the provider requires a recent sign-in. */
export function PasswordForm({ user }: { user: User }) {
  const { errors, setErrors, submit } = useSchemaForm(passwordChange);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setResult(null);
    if (!parsed || !user.email) return;
    const { form } = parsed;
    setBusy(true);
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, parsed.data.currentPassword));
    } catch (err) {
      const code = providerErrorCode(err);
      const wrong = code === "auth/invalid-credential" || code === "auth/wrong-password" || code === "auth/invalid-login-credentials";
      setErrors({ currentPassword: wrong ? "Your current password is not correct." : authErrorMessage(err) });
      setBusy(false);
      return;
    }
    try {
      await updatePassword(user, parsed.data.password);
      form.reset();
      setResult({ ok: true, text: "Your password has been changed. Use the new one next time you sign in." });
    } catch (err) {
      setResult({ ok: false, text: authErrorMessage(err) });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-col gap-3 sm:max-w-md" aria-label="Change password">
      <Field label="Current password" error={errors.currentPassword}>
        {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" />}
      </Field>
      <Field label="New password" hint="Use 8 to 128 characters." error={errors.password}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword}>
        {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" />}
      </Field>
      {result ? <FormAlert tone={result.ok ? "success" : "error"}>{result.text}</FormAlert> : null}
      <div>
        <BusyButton type="submit" busy={busy} busyLabel="Changing your password">
          Change password
        </BusyButton>
      </div>
    </form>
  );
}
