import Link from "next/link";
import { SeverityBadge } from "@/components/scanner/severity-badge";
import { SeverityCountsView } from "@/components/scanner/severity-counts";
import type { FleetFindings } from "@/lib/scanner/schema";
import { describeCounts, totalOf } from "@/lib/scanner/severity";

/** Scanner findings by severity across the user's servers, and the servers to look at first. */
export function SecurityOverview({ findings }: { findings: FleetFindings }) {
  const { bySeverity, scannedServers, notScanned, worstServers } = findings;
  if (scannedServers === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No server has been scanned yet. Servers are scanned when their definitions are discovered; open a server&apos;s Security tab to
        scan it now.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <SeverityCountsView counts={bySeverity} label="Findings by severity across your servers" />
      <p className="text-sm text-muted-foreground">
        {totalOf(bySeverity) === 0 ? "No findings" : `${describeCounts(bySeverity)}`} in the latest scans of {scannedServers}{" "}
        {scannedServers === 1 ? "server" : "servers"}
        {notScanned > 0 ? `; ${notScanned} not scanned yet` : ""}.
      </p>
      {worstServers.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Servers to review first">
          {worstServers.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <Link
                href={`/servers/${s.id}?tab=security`}
                className="min-w-0 font-medium wrap-anywhere hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                {s.name}
              </Link>
              <SeverityBadge severity={s.worst} title={describeCounts(s.counts)}>
                {`${s.counts[s.worst]} ${s.worst}`}
              </SeverityBadge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
