"use client";

import { useState, type ReactElement, type ReactNode } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { failureMessage } from "@/lib/api-client/api-error";

/**
 * A question before an action that cannot be taken back: `trigger` (one
 * button) opens it, `action` confirms and runs `onConfirm`. When `onConfirm`
 * returns nothing the dialog closes at once and the caller tells the outcome
 * (a toast). When it returns a promise the dialog stays open while it runs,
 * its button busy, and shows the failure there; it closes when it succeeds.
 * `children` is more to read between the question and the buttons.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  cancel = "Cancel",
  action,
  busyLabel = action,
  variant,
  icon,
  onConfirm,
}: {
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  cancel?: string;
  action: string;
  busyLabel?: string;
  variant?: "default" | "destructive";
  icon?: ReactNode;
  onConfirm: () => void | Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const running = onConfirm();
    if (!running) {
      setOpen(false);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await running;
      setOpen(false);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          {/* A plain button: the dialog's Action would close it before a request ends. */}
          <BusyButton variant={variant} busy={busy} busyLabel={busyLabel} icon={icon} onClick={() => void confirm()}>
            {action}
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
