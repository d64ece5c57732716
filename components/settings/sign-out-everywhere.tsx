"use client";

import { useState } from "react";
import { FormAlert } from "@/components/app/form-alert";
import { BusyButton } from "@/components/app/busy-button";
import { apiSend } from "@/lib/api-client/fetch";
import { userMessage } from "@/lib/api-client/api-error";
import { useAuth } from "@/lib/auth/auth-provider";

/** Ends every session of the account, on every device, this one included. */
export function SignOutEverywhere() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setBusy(true);
    setError(null);
    try {
      await apiSend("DELETE", "/api/user/sessions");
    } catch (err) {
      setError(userMessage(err));
      setBusy(false);
      return;
    }
    await signOut({ redirectTo: "/auth/login" });
  }

  return (
    <div>
      <h3 className="text-sm font-medium">Sessions</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Signed in somewhere you no longer use, or on a device you lost? End every session of your account, here and everywhere else.
      </p>
      <BusyButton className="mt-2" variant="outline" size="sm" busy={busy} busyLabel="Signing out everywhere" onClick={() => void onClick()}>
        Sign out everywhere
      </BusyButton>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
