"use client";

import { formatEvery } from "@/components/app/format-time";
import { STATUS_META } from "./server-status";
import { StatusBadge } from "./status-badge";
import { CardSection } from "@/components/app/card-section";
import { Skeleton } from "@/components/ui/skeleton";
import { useChecks } from "@/lib/monitoring/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { CheckNow } from "./check-now";
import { CheckSummary } from "./check-summary";
import { canPause, PauseToggle } from "./pause-toggle";
import { StatusSource } from "./status-source";

function scheduleText(server: ServerDto): string {
  if (server.status === "paused") return "Checks are paused.";
  if (!server.monitoring.enabled) return "Scheduled checks are off; checks run only when you ask.";
  return `Checked ${formatEvery(server.monitoring.intervalSec)}.`;
}

/** The server's status now, its last check (with the reason when it failed), and the actions on it. */
export function StatusCard({ server }: { server: ServerDto }) {
  const checks = useChecks(server.id);
  const last = checks.data?.pages[0]?.checks[0];
  return (
    <CardSection className="gap-4" title="Current status">
      <div className="flex flex-wrap items-center gap-3" data-testid="monitor-status">
        <StatusBadge status={server.status} className="px-2.5 py-1 text-sm" />
        <StatusSource server={server} className="text-sm" />
        <p className="basis-full text-sm text-muted-foreground">
          {STATUS_META[server.status].description} {scheduleText(server)}
        </p>
      </div>
      <section aria-labelledby={`${server.id}-last-check`} className="flex flex-col gap-2">
        <h3 id={`${server.id}-last-check`} className="text-sm font-medium">
          Last check
        </h3>
        {checks.isPending ? (
          <Skeleton className="h-14" />
        ) : last ? (
          <CheckSummary check={last} />
        ) : (
          <p className="text-sm text-muted-foreground">{checks.isError ? "The history could not be read." : "Not checked yet."}</p>
        )}
      </section>
      <div className="flex flex-wrap items-start gap-3">
        <CheckNow serverId={server.id} />
        {canPause(server) ? <PauseToggle server={server} /> : null}
      </div>
    </CardSection>
  );
}
