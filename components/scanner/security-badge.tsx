import { ShieldCheck, ShieldQuestion } from "lucide-react";
import type { SecuritySummary } from "@/lib/scanner/schema";
import { describeCounts } from "@/lib/scanner/severity";
import { SeverityBadge } from "./severity-badge";

const plain = "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** A server's security at a glance: the worst severity of its latest scan, "No findings", or "Not scanned". */
export function SecurityBadge({ security }: { security: SecuritySummary | null | undefined }) {
  if (!security) {
    return (
      <span data-security="none" title="This server has not been scanned yet." className={`${plain} border-dashed border-input bg-background text-muted-foreground`}>
        <ShieldQuestion aria-hidden="true" className="size-3" />
        Not scanned
      </span>
    );
  }
  const summary = `Latest scan: ${describeCounts(security.counts)}`;
  if (!security.worst) {
    return (
      <span data-security="clean" title={summary} className={`${plain} border-transparent bg-success text-success-foreground`}>
        <ShieldCheck aria-hidden="true" className="size-3" />
        No findings
      </span>
    );
  }
  return (
    <SeverityBadge severity={security.worst} title={summary}>
      {`${security.counts[security.worst]} ${security.worst}`}
    </SeverityBadge>
  );
}
