"use client";

import { Pin } from "lucide-react";
import { useState } from "react";
import { failureMessage } from "@/lib/api/api-error";
import { formatExactTime } from "@/components/app/format-time";
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
import { Spinner } from "@/components/ui/spinner";
import { usePinBaseline } from "@/lib/scanner/hooks";
import { describeCounts } from "@/lib/scanner/severity";
import { toast } from "@/components/ui/use-toast";

/** Pinning replaces the baseline every later scan compares with, so the dialog says what that means first. */
export function PinBaselineButton({
  serverId,
  serverName,
  discoveredAt,
  replacing,
}: {
  serverId: string;
  serverName: string;
  discoveredAt: string | null;
  replacing: boolean;
}) {
  const pin = usePinBaseline(serverId);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      const result = await pin.mutateAsync();
      setOpen(false);
      toast({ title: "Baseline pinned", description: `Scanned against it: ${describeCounts(result.scan.counts)}.` });
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
        <Button variant="outline" disabled={!discoveredAt}>
          <Pin aria-hidden="true" />
          {replacing ? "Pin again" : "Pin baseline"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Pin the current definitions of {serverName}?</AlertDialogTitle>
          <AlertDialogDescription>
            The console keeps every tool, prompt and resource as discovered {discoveredAt ? `on ${formatExactTime(discoveredAt)}` : "last"} — the
            whole definition: name, description, input and output schemas, annotations — with a hash of each. Every later scan compares
            what the server exposes with this baseline and reports each definition that changed, appeared or disappeared (a rug pull),
            with what changed.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm text-muted-foreground">
          Pin only definitions you have reviewed and trust.{replacing ? " The current baseline is replaced." : ""}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
          {/* A plain button: the dialog's Action would close it before the request ends. */}
          <Button type="button" onClick={() => void confirm()} disabled={pin.isPending}>
            {pin.isPending ? <Spinner size="sm" className="text-current" aria-label="Pinning" /> : <Pin aria-hidden="true" />}
            Pin baseline
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
