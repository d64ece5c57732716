"use client";

import { useId, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-provider";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { BusyButton } from "@/components/app/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiSend } from "@/lib/api-client/fetch";
import { isApiError } from "@/lib/api-client/api-error";
import { SettingsSection } from "./settings-section";

export function DeleteAccountSection({ email }: { email: string }) {
  const { signOut } = useAuth();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  function reset() {
    setTyped("");
    setError(null);
    setSignInAgain(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError(null);
    try {
      await apiSend("DELETE", "/api/user", { confirm: typed });
    } catch (err) {
      setError((err as Error).message);
      // A sign-in older than a few minutes: the server asks for a fresh one before deleting anything.
      setSignInAgain(isApiError(err, "recent_sign_in_required"));
      setBusy(false);
      return;
    }
    // The account is gone: leave the identity provider's session too, and go home.
    await signOut({ redirectTo: "/" });
  }

  return (
    <SettingsSection id="delete" title="Delete my account" description="Deletes your account and everything in it: servers, history, activity, tickets and your sign-in. This cannot be undone.">
      <div>
        <Dialog onOpenChange={(open) => !open && reset()}>
          <DialogTrigger asChild>
            <Button variant="destructive">Delete my account</Button>
          </DialogTrigger>
          <DialogContent>
            <form onSubmit={onSubmit} className="flex flex-col gap-4">
              <DialogHeader>
                <DialogTitle>Delete your account for good?</DialogTitle>
                <DialogDescription>
                  Everything is deleted at once and cannot be recovered. Export your data first if you want a copy.
                </DialogDescription>
              </DialogHeader>
              <div className="flex flex-col gap-2">
                <Label htmlFor={inputId}>
                  Type <span className="font-mono">{email}</span> to confirm
                </Label>
                <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
              </div>
              {error ? <FormAlert>{error}</FormAlert> : null}
              {signInAgain ? (
                <Button type="button" variant="outline" onClick={() => void signOut({ redirectTo: "/auth/login?redirect=%2Fsettings%23delete" })}>
                  Sign in again
                </Button>
              ) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline" disabled={busy}>
                    Cancel
                  </Button>
                </DialogClose>
                <BusyButton type="submit" variant="destructive" busy={busy} busyLabel="Deleting" disabled={!matches}>
                  Delete everything
                </BusyButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </SettingsSection>
  );
}
