"use client";

import { useIsMutating } from "@tanstack/react-query";
import { ScanSearch } from "lucide-react";
import { failureMessage } from "@/lib/api-client/api-error";
import { Button, type ButtonProps } from "@/components/ui/button";
import { scanKeys, useScanNow } from "@/lib/scanner/hooks";
import type { ScanNowResult } from "@/lib/scanner/schema";
import { describeCounts } from "@/lib/scanner/severity";
import { toast } from "@/components/ui/use-toast";

/** Asks the server for its definitions again and scans them; says what the scan found. */
export function ScanNowButton({
  serverId,
  onScanned,
  ...props
}: { serverId: string; onScanned?: (scan: ScanNowResult) => void } & ButtonProps) {
  const scan = useScanNow(serverId);
  const running = useIsMutating({ mutationKey: scanKeys.run(serverId) }) > 0;

  function run() {
    scan.mutate(undefined, {
      onSuccess: (result) => {
        onScanned?.(result);
        toast({ title: "Scan complete", description: `Found ${describeCounts(result.counts)}.` });
      },
      onError: (err) => toast({ title: "Could not scan", description: failureMessage(err), variant: "destructive" }),
    });
  }

  return (
    <Button {...props} disabled={running || props.disabled} aria-busy={running} onClick={run}>
      <ScanSearch aria-hidden="true" className={running ? "animate-pulse" : undefined} />
      {running ? "Scanning…" : "Scan now"}
    </Button>
  );
}
