"use client";

import { EmailAuthProvider, reauthenticateWithCredential, updatePassword, type User } from "firebase/auth";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fieldErrors, formValues, newPasswordSchema, type FieldErrors } from "@/lib/auth/forms";
import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";

const passwordChange = z.intersection(z.object({ currentPassword: z.string().min(1, "Enter your current password.") }), newPasswordSchema);
type PasswordChange = z.infer<typeof passwordChange>;

/** Re-authentication with the current password comes first: the provider requires a recent sign-in. */
export function PasswordForm({ user }: { user: User }) {
  const [errors, setErrors] = useState<FieldErrors<PasswordChange>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = passwordChange.safeParse(formValues(form));
    setErrors(fieldErrors(parsed));
    setResult(null);
    if (!parsed.success || !user.email) return;
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
      <FormField name="currentPassword" type="password" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
      <FormField name="password" type="password" label="New password" autoComplete="new-password" hint="Use 8 to 128 characters." error={errors.password} />
      <FormField name="confirmPassword" type="password" label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword} />
      {result ? <FormAlert tone={result.ok ? "success" : "error"}>{result.text}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner size="sm" aria-label="Changing your password" className="text-current" /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}
