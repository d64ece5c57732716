"use client";

import type { Auth } from "firebase/auth";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-provider";
import { authErrorMessage } from "@/lib/auth/provider-errors";
import { AuthCard } from "./auth-card";

/** How using an emailed link's one-time code went. */
export type ActionCodeOutcome<T> = { state: "pending" } | { state: "done"; value: T } | { state: "failed"; message: string };

/**
 * Uses an emailed link's code once the auth client is ready. The code is
 * single-use: strict mode's second effect run would otherwise report a
 * spurious "already used" failure over the real success.
 */
export function useActionCode<T>(oobCode: string, use: (auth: Auth, oobCode: string) => Promise<T>): ActionCodeOutcome<T> {
  const { auth } = useAuth();
  const [outcome, setOutcome] = useState<ActionCodeOutcome<T>>({ state: "pending" });
  const started = useRef(false);
  useEffect(() => {
    if (!auth || started.current) return;
    started.current = true;
    use(auth, oobCode).then(
      (value) => setOutcome({ state: "done", value }),
      (err) => setOutcome({ state: "failed", message: authErrorMessage(err) }),
    );
    // `use` is read once, with the code it is given.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth, oobCode]);
  return outcome;
}

/**
 * The page of an emailed link until its code is used: why the sign-in client
 * could not start, the wait, or why the link did not work and where to go.
 */
export function ActionCodeWait({
  outcome,
  pending,
  failedTitle,
  next,
}: {
  outcome: Exclude<ActionCodeOutcome<unknown>, { state: "done" }>;
  pending: { title: string; text: string; label: string };
  failedTitle: string;
  /** The way on from a link that did not work. */
  next: { href: string; label: string };
}) {
  const { auth, syncError } = useAuth();
  if (!auth && syncError) {
    return (
      <AuthCard title={failedTitle}>
        <FormAlert>{syncError}</FormAlert>
      </AuthCard>
    );
  }
  if (outcome.state === "pending") {
    return (
      <AuthCard title={pending.title}>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" aria-label={pending.label} />
          {pending.text}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={failedTitle}>
      <FormAlert>{outcome.message}</FormAlert>
      <Button asChild variant="outline">
        <Link href={next.href}>{next.label}</Link>
      </Button>
    </AuthCard>
  );
}
