"use client";

import { History } from "lucide-react";
import { useState } from "react";
import { formatExactTime } from "@/components/app/format-time";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RelativeTime } from "@/components/app/relative-time";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useHistoryScan } from "@/lib/scanner/hooks";
import type { ScanSummary } from "@/lib/scanner/schema";
import { describeCounts } from "@/lib/scanner/severity";
import { ScanFindings } from "./scan-findings";
import { SeverityBadge } from "./severity-badge";
import { SidePanel } from "./side-panel";
import { TRIGGER_LABEL } from "./severity-meta";

function HistoryScan({ serverId, scan }: { serverId: string; scan: ScanSummary }) {
  const detail = useHistoryScan(serverId, scan.id);
  if (detail.isPending) {
    return (
      <Loading label="Loading the scan…" className="flex flex-col gap-3">
        <SkeletonRows count={2} className="h-24" />
      </Loading>
    );
  }
  if (detail.isError) return <LoadError what="this scan" query={detail} />;
  return <ScanFindings scan={detail.data} idPrefix={`scan-${scan.id}`} />;
}

/** Earlier scans, newest first (full scanner); each opens with its findings. */
export function ScanHistory({ serverId, history }: { serverId: string; history: ScanSummary[] | null }) {
  // The chosen scan stays set while the dialog closes, so its title does not vanish mid-animation.
  const [chosen, setChosen] = useState<ScanSummary | null>(null);
  const [open, setOpen] = useState(false);

  if (history === null) {
    return <SidePanel id="history-heading" title="Scan history" lockedOffer="every scan is kept, so you can see when a finding appeared." />;
  }

  return (
    <SidePanel id="history-heading" title="Earlier scans" icon={History}>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No earlier scans yet.</p>
      ) : (
        <ul className="-mx-2 flex flex-col" aria-label="Earlier scans">
          {history.map((scan) => (
            <li key={scan.id}>
              <button
                type="button"
                onClick={() => {
                  setChosen(scan);
                  setOpen(true);
                }}
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                <span className="flex flex-col">
                  <RelativeTime iso={scan.createdAt} />
                  <span className="text-xs text-muted-foreground">{TRIGGER_LABEL[scan.trigger]}</span>
                </span>
                {scan.worst ? (
                  <SeverityBadge severity={scan.worst} title={describeCounts(scan.counts)}>
                    {`${scan.total} ${scan.total === 1 ? "finding" : "findings"}`}
                  </SeverityBadge>
                ) : (
                  <span className="text-xs text-muted-foreground">No findings</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-w-3xl">
            <DialogHeader>
              <DialogTitle>Scan of {formatExactTime(chosen.createdAt)}</DialogTitle>
              <DialogDescription>
                {TRIGGER_LABEL[chosen.trigger]} · {chosen.ruleSet === "full" ? "every rule" : "basic rules"} · {describeCounts(chosen.counts)}
              </DialogDescription>
            </DialogHeader>
            <HistoryScan serverId={serverId} scan={chosen} />
          </DialogContent>
        </Dialog>
      ) : null}
    </SidePanel>
  );
}
