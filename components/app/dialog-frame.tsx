"use client";

import type { ReactElement, ReactNode } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * A dialog that `trigger` (one button) opens, under its title and
 * description; the caller holds `open`, to close it when its work is done.
 */
export function DialogFrame({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  className,
  children,
}: {
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The foot of a dialog's form: Cancel closes the dialog, the submit button shows the request running. */
export function DialogSubmitFooter({ busy, busyLabel, icon, children }: { busy: boolean; busyLabel: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <BusyButton type="submit" busy={busy} busyLabel={busyLabel} icon={icon}>
        {children}
      </BusyButton>
    </DialogFooter>
  );
}
