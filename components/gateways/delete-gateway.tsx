"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
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
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api/api-error";
import { useDeleteGateway } from "@/lib/gateways/hooks";
import type { GatewayDto } from "@/lib/gateways/schema";

/** Deleting stops the endpoint at once; the dialog stays open while the request runs, to show its error there. */
export function DeleteGateway({ gateway }: { gateway: GatewayDto }) {
  const router = useRouter();
  const remove = useDeleteGateway(gateway.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync();
      setOpen(false);
      toast({ title: "Gateway deleted", description: `${gateway.name} no longer answers.` });
      router.replace("/gateways");
    } catch (err) {
      setError(failureMessage(err));
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
      <AlertDialogTrigger asChild>
        <Button variant="outline">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {gateway.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its endpoint stops answering at once, and the tokens limited to it are revoked. Your servers and the gateway&apos;s past calls in your
            activity log stay.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog's Action would close it before the request ends. */}
          <BusyButton variant="destructive" busy={remove.isPending} busyLabel="Deleting" onClick={() => void confirm()}>
            Delete gateway
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
