"use client";

import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { failureMessage, isApiError } from "@/lib/api-client/api-error";
import { useAuth } from "@/lib/auth/auth-provider";
import { FormAlert } from "./form-alert";

/** The message of a demo account's refusal (403 `demo_account`), or null for any other failure. */
export const demoRefusal = (err: unknown): string | null => (isApiError(err, "demo_account") ? failureMessage(err) : null);

/**
 * Shown where a demo account is refused: why, and the way to an account of
 * one's own (`notice`: said of the account, not of something just refused).
 * Signing up starts by leaving the demo (the sign-up page is for visitors who
 * are signed out); the demo account is erased within a day.
 */
export function DemoSignUp({ message, notice = false }: { message: string; notice?: boolean }) {
  const { signOut } = useAuth();
  return (
    <div role={notice ? undefined : "alert"} className="flex flex-wrap items-start gap-3 rounded-lg border border-primary/40 bg-accent p-4 text-sm text-accent-foreground">
      <UserPlus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {/* Wide enough to read: on a phone the button goes below the message rather than squeezing it. */}
      <p className="min-w-48 flex-1 font-medium">{message}</p>
      <Button type="button" size="sm" onClick={() => void signOut({ redirectTo: "/auth/register" })}>
        Create a free account
      </Button>
    </div>
  );
}

/** A failed action's message where it happened: a demo account's refusal with the way to sign up, anything else as an error. */
export function FailureAlert({ error }: { error: unknown }) {
  const refused = demoRefusal(error);
  return refused ? <DemoSignUp message={refused} /> : <FormAlert>{failureMessage(error)}</FormAlert>;
}
