"use client";

import { History } from "lucide-react";
import { useChecks } from "@/lib/monitoring/hooks";
import { CheckSummary } from "./check-summary";
import { ExportCsv } from "./export-csv";
import { PagedHistoryCard } from "./paged-history-card";

/** Every check, newest first, with its phases and each failure's reason; older ones a page at a time. */
export function CheckHistory({ serverId }: { serverId: string }) {
  const checks = useChecks(serverId);
  const all = checks.data?.pages.flatMap((p) => p.checks) ?? [];
  return (
    <PagedHistoryCard
      title="Check history"
      description="Each check connects, completes the handshake (and a ping, for a 2025 server) and lists the tools; the phases show where the time went."
      query={checks}
      loading={{ label: "Loading the history…", rows: 3, rowClassName: "h-14" }}
      what="the check history"
      count={all.length}
      empty={{ icon: History, text: "No checks yet." }}
      more="Load older checks"
      action={<ExportCsv serverId={serverId} kind="checks" />}
    >
      <ol className="flex flex-col" aria-label="Checks, newest first">
        {all.map((check) => (
          <li key={check.id} className="border-b py-3 first:pt-0 last:border-0">
            <CheckSummary check={check} />
          </li>
        ))}
      </ol>
    </PagedHistoryCard>
  );
}
