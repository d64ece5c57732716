"use client";

import type { ReactNode } from "react";

import { CircleAlert, ShieldQuestion } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { plural } from "@/lib/plural";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RelativeTime } from "@/components/app/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { useScanOverview } from "@/lib/scanner/hooks";
import type { ScanDetail } from "@/lib/scanner/schema";
import type { ServerDto } from "@/lib/servers/schema";
import { BaselineCard } from "./baseline-card";
import { FindingActions } from "./finding-actions";
import { FullScannerUpsell } from "./full-scanner-upsell";
import { ScanExport } from "./scan-export";
import { ScanFindings } from "./scan-findings";
import { ScanHistory } from "./scan-history";
import { ScanNowButton } from "./scan-now-button";
import { SeverityCountsView } from "./severity-counts";
import { TRIGGER_LABEL } from "./severity-meta";

function ScanFacts({ scan }: { scan: ScanDetail }) {
  return (
    <p className="text-sm text-muted-foreground">
      Last scanned <RelativeTime iso={scan.createdAt} /> ({TRIGGER_LABEL[scan.trigger].toLowerCase()}) · {plural(scan.rulesRun, "rule")} run
      {scan.rulesSkipped > 0 ? `, ${scan.rulesSkipped} not on your plan` : ""}
    </p>
  );
}

/** The server's Security tab: the latest scan's findings by severity, the findings in its results through gateways, the baseline, history and exports. */
/**
 * `resultFindings`: what the gateways' result guard found in this server's
 * results, drawn by the gateways' components (the server page hands it in,
 * so that the scanner's components do not import the gateways').
 */
export function SecurityTab({ server, resultFindings }: { server: ServerDto; resultFindings?: ReactNode }) {
  const overview = useScanOverview(server.id);
  const [refreshError, setRefreshError] = useState<string | null>(null);

  if (overview.isPending) {
    return (
      <Loading label="Loading the scan…" className="flex flex-col gap-4">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-20 w-full" />
        <SkeletonRows count={2} className="h-64" layout="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]" />
      </Loading>
    );
  }
  if (overview.isError) {
    return <LoadError what="the scan" query={overview} />;
  }

  const { latest, history, baseline, features, locked, discoveredAt } = overview.data;
  const scanButton = (variant: "default" | "outline") => (
    <ScanNowButton serverId={server.id} variant={variant} onScanned={(scan) => setRefreshError(scan.refreshError ?? null)} />
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Security</h2>
          {latest ? (
            <ScanFacts scan={latest} />
          ) : (
            <p className="text-sm text-muted-foreground">What this server tells a model, checked on this console: nothing is sent elsewhere.</p>
          )}
        </div>
        {latest ? scanButton("outline") : null}
      </div>

      {refreshError ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          {refreshError}
        </p>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {locked ? <FullScannerUpsell locked={locked} /> : null}
          {latest ? (
            <>
              <SeverityCountsView counts={latest.counts} label="Open findings by severity" />
              <ScanFindings
                scan={latest}
                idPrefix="latest"
                actions={(finding) => <FindingActions serverId={server.id} finding={finding} canDecide={features.fullScanner} />}
              />
            </>
          ) : (
            <EmptyState icon={ShieldQuestion} title="Not scanned yet" action={scanButton("default")}>
              A scan reads every tool, prompt and resource definition and the server&apos;s instructions for text aimed at the model, hidden
              content and other risks, and checks how the console connects to it.
            </EmptyState>
          )}
          {/* What the server's definitions say is scanned above; what its calls return is checked by the gateways it is in. */}
          {resultFindings}
        </div>
        <aside className="flex flex-col gap-4" aria-label="Baseline, exports and history">
          <BaselineCard
            serverId={server.id}
            serverName={server.name}
            baseline={baseline}
            fullScanner={features.fullScanner}
            discoveredAt={discoveredAt}
          />
          {latest ? <ScanExport serverId={server.id} canExport={features.dataExport} /> : null}
          <ScanHistory serverId={server.id} history={history} />
        </aside>
      </div>
    </div>
  );
}
