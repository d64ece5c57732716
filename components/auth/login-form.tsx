"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { navigateAfterAuth, rememberRedirect, takeRedirect } from "@/lib/auth/redirect";
import { useSchemaForm } from "@/lib/forms/use-schema-form";
import { EmailField } from "@/components/app/email-field";
import { FormAlert } from "@/components/app/form-alert";
import { SocialButtons } from "./social-buttons";
import { useSignIn } from "./use-sign-in";

export function LoginForm({ redirectTo, expired }: { redirectTo: string | null; expired: boolean }) {
  const { config, status } = useAuth();
  const { errors, submit } = useSchemaForm(() => import("@/lib/auth/forms").then((m) => m.loginSchema));
  const leaving = useRef(false);

  useEffect(() => {
    rememberRedirect(redirectTo);
  }, [redirectTo]);

  // Both our own sign-in and the provider's sync of a remembered identity end
  // here; the stored target can be taken only once, so only the first counts.
  const leave = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    navigateAfterAuth(takeRedirect());
  }, []);

  useEffect(() => {
    if (status === "signed-in") leave();
  }, [status, leave]);

  const { auth, completeSignIn, busy, setBusy, setFormError, signInWith, message, locked } = useSignIn<"email" | "demo">((provider, _, track) => {
    track("sign_in", { method: provider });
    leave();
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setFormError(null);
    if (!parsed || !auth) return;
    setBusy("email");
    try {
      const [{ signInWithEmailAndPassword }, { track }] = await Promise.all([import("firebase/auth"), import("@/lib/analytics/track")]);
      const cred = await signInWithEmailAndPassword(auth, parsed.data.email, parsed.data.password);
      await completeSignIn(cred.user);
      track("sign_in", { method: "password" });
      leave();
    } catch (err) {
      setFormError(authErrorMessage(err));
      setBusy(null);
    }
  }

  // Where demo accounts are on: a new account of the visitor's own, which owns the demo's server.
  async function onDemo() {
    if (!auth) return;
    setBusy("demo");
    setFormError(null);
    // Loaded on the click: the sign-in page is at its script budget (docs/benchmarks.md).
    let visit: typeof import("@/lib/auth/demo-visit") | undefined;
    try {
      visit = await import("@/lib/auth/demo-visit");
      const { user } = await visit.signInToDemo(auth);
      await completeSignIn(user);
      leave();
    } catch (err) {
      setFormError(visit ? visit.demoFailureMessage(err) : authErrorMessage(err));
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {expired ? <FormAlert tone="info">Your session expired. Sign in again to continue.</FormAlert> : null}
      {message ? <FormAlert>{message}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy === "email"}>
        <EmailField error={errors.email} />
        <Field label="Password" error={errors.password}>
          {(control) => <Input {...control} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        <BusyButton type="submit" busy={busy === "email"} busyLabel="Signing in" disabled={locked}>
          Sign in
        </BusyButton>
      </form>
      <SocialButtons busy={busy === "google" || busy === "github" ? busy : null} disabled={locked} onSelect={signInWith} />
      {config?.demoAccounts ? (
        <BusyButton type="button" variant="secondary" onClick={onDemo} busy={busy === "demo"} busyLabel="Preparing your demo account" disabled={locked}>
          Try the demo account
        </BusyButton>
      ) : null}
      <p className="text-center text-sm">
        <Link href="/auth/reset-password" className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </p>
      <p className="text-center text-sm text-muted-foreground">
        New here?{" "}
        <Link href="/auth/register" className="font-medium text-primary underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
