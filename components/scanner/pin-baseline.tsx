"use client";

import { Pin } from "lucide-react";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { formatExactTime } from "@/components/app/format-time";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { usePinBaseline } from "@/lib/scanner/hooks";
import { describeCounts } from "@/lib/scanner/severity";

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
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={!discoveredAt}>
          <Pin aria-hidden="true" />
          {replacing ? "Pin again" : "Pin baseline"}
        </Button>
      }
      title={`Pin the current definitions of ${serverName}?`}
      description={`The console keeps every tool, prompt and resource as discovered ${discoveredAt ? `on ${formatExactTime(discoveredAt)}` : "last"} — the whole definition: name, description, input and output schemas, annotations — with a hash of each. Every later scan compares what the server exposes with this baseline and reports each definition that changed, appeared or disappeared (a rug pull), with what changed.`}
      action="Pin baseline"
      busyLabel="Pinning"
      icon={<Pin aria-hidden="true" />}
      onConfirm={async () => {
        const result = await pin.mutateAsync();
        toast({ title: "Baseline pinned", description: `Scanned against it: ${describeCounts(result.scan.counts)}.` });
      }}
    >
      <p className="text-sm text-muted-foreground">Pin only definitions you have reviewed and trust.{replacing ? " The current baseline is replaced." : ""}</p>
    </ConfirmDialog>
  );
}
