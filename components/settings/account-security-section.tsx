"use client";

import { sendEmailVerification } from "firebase/auth";
import { BadgeCheck, CircleAlert } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormAlert } from "@/components/app/form-alert";
import { EmulatorMailNote } from "@/components/auth/emulator-mail-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { signInMethodLabel } from "@/lib/auth/sign-in-methods";
import { resetSync } from "@/lib/auth/sync";
import { settingsKeys } from "@/lib/settings/hooks";
import { SettingsSection } from "./settings-section";
import { PasswordForm } from "./password-form";
import { SignOutEverywhere } from "./sign-out-everywhere";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Email verification, password and linked providers: what the identity provider knows of the account. */
export function AccountSecuritySection({ emailVerified }: { emailVerified: boolean }) {
  const { firebaseUser, completeSignIn } = useAuth();
  const client = useQueryClient();
  const [message, setMessage] = useState<{ tone: "error" | "success" | "info"; text: string } | null>(null);
  const [busy, setBusy] = useState<"send" | "refresh" | null>(null);
  const [sent, setSent] = useState(false);
  const verified = emailVerified || Boolean(firebaseUser?.emailVerified);
  const providers = firebaseUser?.providerData ?? [];
  const hasPassword = providers.some((p) => p.providerId === "password");
  const others = providers.filter((p) => p.providerId !== "password").map((p) => signInMethodLabel(p.providerId));

  async function resend() {
    if (!firebaseUser) return;
    setBusy("send");
    try {
      await sendEmailVerification(firebaseUser);
      setMessage({ tone: "success", text: `We sent a verification link to ${firebaseUser.email}. Open it, then come back and refresh the status.` });
      setSent(true);
    } catch (err) {
      setMessage({ tone: "error", text: authErrorMessage(err) });
    }
    setBusy(null);
  }

  async function refresh() {
    if (!firebaseUser) return;
    setBusy("refresh");
    try {
      await firebaseUser.reload();
      // A new session sync stores the provider's verification state on our side.
      resetSync();
      await completeSignIn(firebaseUser);
      await client.invalidateQueries({ queryKey: settingsKeys.current() });
      setMessage(firebaseUser.emailVerified ? { tone: "success", text: "Your email is verified." } : { tone: "info", text: "Not verified yet. Open the link in the email first." });
    } catch (err) {
      setMessage({ tone: "error", text: authErrorMessage(err) });
    }
    setBusy(null);
  }

  return (
    <SettingsSection id="security" title="Sign-in and security" description="Your email address, password and the ways you sign in.">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-medium">Email verification</h3>
        {verified ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden="true" />
            Verified
          </Badge>
        ) : (
          <Badge variant="warning">
            <CircleAlert aria-hidden="true" />
            Not verified
          </Badge>
        )}
        {!verified ? (
          <>
            <Button variant="outline" size="sm" onClick={() => void resend()} disabled={!firebaseUser || busy !== null}>
              Resend verification email
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void refresh()} disabled={!firebaseUser || busy !== null}>
              Refresh status
            </Button>
          </>
        ) : null}
      </div>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {sent && !verified ? <EmulatorMailNote /> : null}

      <div>
        <h3 className="text-sm font-medium">Linked sign-in methods</h3>
        {firebaseUser && providers.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Linked sign-in methods">
            {providers.map((p) => (
              <li key={p.providerId} className="flex flex-wrap gap-2">
                <span className="font-medium">{capitalized(signInMethodLabel(p.providerId))}</span>
                {p.email ? <span className="text-muted-foreground wrap-anywhere">{p.email}</span> : null}
              </li>
            ))}
          </ul>
        ) : firebaseUser ? (
          <p className="mt-2 text-sm text-muted-foreground">None: this account has no password and no linked Google or GitHub account (the demo account signs in from its link on the sign-in page).</p>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Sign in again in this browser to see and manage your sign-in methods.</p>
        )}
      </div>

      <div>
        <h3 className="text-sm font-medium">Password</h3>
        {hasPassword && firebaseUser ? (
          <PasswordForm user={firebaseUser} />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            {!firebaseUser
              ? "Sign in again in this browser to change your password."
              : others.length > 0
                ? `You sign in with ${others.join(" or ")}, so there is no password to change here.`
                : "This account has no password to change."}
          </p>
        )}
      </div>

      <SignOutEverywhere />
    </SettingsSection>
  );
}
