import Link from "next/link";
import { STATUS_META, STATUS_ORDER } from "@/components/monitoring/server-status";
import type { DashboardSummary } from "@/lib/dashboard/types";
import { cn } from "@/lib/utils";

/** Servers by status: one bar for the proportions, and a legend that also links to the filtered list. */
export function StatusOverview({ byStatus, total }: { byStatus: DashboardSummary["servers"]["byStatus"]; total: number }) {
  const present = STATUS_ORDER.filter((s) => byStatus[s] > 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {present.map((s) => (
          <div key={s} className={cn("h-full", STATUS_META[s].fillClass)} style={{ width: `${(byStatus[s] / total) * 100}%` }} />
        ))}
      </div>
      {/* As many tiles to a row as fit at 7.5rem or more: a tile never gets too narrow for its icon and label. */}
      <ul className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-2" aria-label="Servers by status">
        {STATUS_ORDER.map((s) => {
          const meta = STATUS_META[s];
          const Icon = meta.icon;
          return (
            <li key={s}>
              <Link
                href={`/servers?status=${s}`}
                className="flex flex-col gap-1 rounded-lg border p-3 hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <span className={cn("size-2 shrink-0 rounded-full", meta.fillClass)} aria-hidden="true" />
                  <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                  {meta.label}
                </span>
                <span className="text-xl font-semibold tabular-nums">
                  {byStatus[s]}
                  <span className="sr-only"> {byStatus[s] === 1 ? "server" : "servers"}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
