"use client";

import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { navigateAfterAuth, takeRedirect } from "@/lib/auth/redirect";
import { resetSync } from "@/lib/auth/sync";
import { focusField } from "@/lib/forms/fields";
import { useSchemaForm } from "@/lib/forms/use-schema-form";
import { EmailField } from "@/components/app/email-field";
import { FormAlert } from "@/components/app/form-alert";
import { passwordPolicyError } from "./password-rules";
import { SocialButtons } from "./social-buttons";
import { useSignIn } from "./use-sign-in";

export function RegisterForm() {
  const { errors, submit } = useSchemaForm(() => import("@/lib/auth/forms").then((m) => m.registerSchema));
  const [passwordError, setPasswordError] = useState<ReactNode>(null);
  const { auth, completeSignIn, busy, setBusy, setFormError, signInWith, message, locked } = useSignIn<"email">((provider, isNewUser, track) => {
    track(isNewUser ? "sign_up" : "sign_in", { method: provider });
    navigateAfterAuth(takeRedirect());
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setPasswordError(null);
    setFormError(null);
    if (!parsed || !auth) return;
    const { form, data } = parsed;
    const { displayName, email, password } = data;
    setBusy("email");
    try {
      const [{ createUserWithEmailAndPassword, sendEmailVerification, updateProfile }, { track }] = await Promise.all([
        import("firebase/auth"),
        import("@/lib/analytics/track"),
      ]);
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      // The account exists from here on: a failed extra step must not strand
      // the user on a form whose retry would say the email is taken.
      if (displayName) await updateProfile(user, { displayName }).catch(() => {});
      await sendEmailVerification(user).catch(() => {});
      // The provider already synced this new identity on its own, before it
      // had its name; the dedup window would otherwise keep that first sync.
      resetSync();
      await completeSignIn(user);
      track("sign_up", { method: "password" });
      navigateAfterAuth("/auth/verify-email");
    } catch (err) {
      const refused = await passwordPolicyError(auth, password, err);
      if (refused) {
        setPasswordError(refused);
        focusField(form, "password");
      } else {
        setFormError(authErrorMessage(err));
      }
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {message ? <FormAlert>{message}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy === "email"}>
        <Field label="Display name (optional)" error={errors.displayName}>
          {(control) => <Input {...control} name="displayName" autoComplete="name" maxLength={80} />}
        </Field>
        <EmailField error={errors.email} />
        <Field label="Password" hint="Use 8 to 128 characters." error={passwordError ?? errors.password}>
          {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" required />}
        </Field>
        <Field label="Confirm password" error={errors.confirmPassword}>
          {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" required />}
        </Field>
        <BusyButton type="submit" busy={busy === "email"} busyLabel="Creating your account" disabled={locked}>
          Create account
        </BusyButton>
      </form>
      <SocialButtons busy={busy === "email" ? null : busy} disabled={locked} onSelect={signInWith} />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
