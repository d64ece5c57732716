"use client";

import { createUserWithEmailAndPassword, getAdditionalUserInfo, sendEmailVerification, updateProfile } from "firebase/auth";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useAuth } from "@/components/providers/auth-provider";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { track } from "@/lib/analytics/client";
import { fieldErrors, formValues, registerSchema, type FieldErrors, type RegisterInput } from "@/lib/auth/forms";
import { unmetPasswordRules } from "@/lib/auth/password-policy";
import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";
import { navigateAfterAuth, takeRedirect } from "@/lib/auth/redirect";
import { signInWithSocial, type SocialProvider } from "@/lib/auth/social";
import { resetSync } from "@/lib/auth/sync";
import { FormAlert } from "./form-alert";
import { FormField } from "./form-field";
import { SocialButtons } from "./social-buttons";

type Busy = "email" | SocialProvider | null;

export function RegisterForm() {
  const { auth, syncError, completeSignIn } = useAuth();
  const [errors, setErrors] = useState<FieldErrors<RegisterInput>>({});
  const [passwordRules, setPasswordRules] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focus = (name: string) => (form.elements.namedItem(name) as HTMLElement | null)?.focus();
    const parsed = registerSchema.safeParse(formValues(form));
    const found = fieldErrors(parsed);
    setErrors(found);
    setPasswordRules(null);
    setFormError(null);
    if (!parsed.success) {
      const first = Object.keys(found)[0];
      if (first) focus(first);
      return;
    }
    if (!auth) return;
    const { displayName, email, password } = parsed.data;
    setBusy("email");
    try {
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
      if (providerErrorCode(err) === "auth/password-does-not-meet-requirements") {
        const rules = await unmetPasswordRules(auth, password);
        if (rules?.length) setPasswordRules(rules);
        else setErrors({ password: authErrorMessage(err) });
        focus("password");
      } else {
        setFormError(authErrorMessage(err));
      }
      setBusy(null);
    }
  }

  async function onSocial(provider: SocialProvider) {
    if (!auth) return;
    setBusy(provider);
    setFormError(null);
    try {
      const cred = await signInWithSocial(auth, provider);
      if (cred) {
        await completeSignIn(cred.user);
        track(getAdditionalUserInfo(cred)?.isNewUser ? "sign_up" : "sign_in", { method: provider });
        navigateAfterAuth(takeRedirect());
        return;
      }
    } catch (err) {
      setFormError(authErrorMessage(err));
    }
    setBusy(null);
  }

  const message = formError ?? syncError;
  const locked = !auth || busy !== null;

  return (
    <div className="flex flex-col gap-4">
      {message ? <FormAlert>{message}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy === "email"}>
        <FormField
          name="displayName"
          label="Display name (optional)"
          autoComplete="name"
          maxLength={80}
          error={errors.displayName}
        />
        <FormField
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email}
        />
        <FormField
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          hint="Use 8 to 128 characters."
          error={passwordRules ?? errors.password}
        />
        <FormField
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={locked}>
          {busy === "email" ? <Spinner size="sm" aria-label="Creating your account" className="text-current" /> : null}
          Create account
        </Button>
      </form>
      <SocialButtons busy={busy === "email" ? null : busy} disabled={locked} onSelect={onSocial} />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
