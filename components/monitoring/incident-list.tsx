"use client";

import { isApiError } from "@/lib/api-client/api-error";
import { CircleCheck, CircleX, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { planLabelWith, PlanUpsell } from "@/components/app/plan-upsell";
import { RelativeTime } from "@/components/app/relative-time";
import { useIncidents } from "@/lib/monitoring/hooks";
import type { IncidentDto } from "@/lib/monitoring/schema";
import { cn } from "@/lib/utils";
import { formatDuration } from "@/lib/duration";
import { ExportCsv } from "./export-csv";
import { PagedHistoryCard } from "./paged-history-card";

/** The server's outages, the ongoing one first: when, how long, and why. */
export function IncidentList({ serverId, footer }: { serverId: string; footer?: (incident: IncidentDto) => ReactNode }) {
  const incidents = useIncidents(serverId);
  const all = incidents.data?.pages.flatMap((p) => p.incidents) ?? [];
  return (
    <PagedHistoryCard
      title="Incidents"
      description="An incident opens when the server goes down and closes when it answers again."
      query={incidents}
      loading={{ label: "Loading incidents…", rows: 2, rowClassName: "h-16" }}
      what="the incidents"
      failure={(error) =>
        isApiError(error, "plan_required") ? <PlanUpsell compact message={`The incident history comes with ${planLabelWith("fullMonitoring")}.`} /> : null
      }
      count={all.length}
      empty={{ icon: ShieldCheck, text: "No incidents: the server has not been down since it was added." }}
      more="Load more incidents"
      action={<ExportCsv serverId={serverId} kind="incidents" />}
    >
      <ol className="flex flex-col gap-3" aria-label="Incidents, newest first">
        {all.map((incident) => (
          <li key={incident.id} className={cn("rounded-lg border p-4", incident.closedAt === null && "border-destructive/60 bg-destructive/5")}>
            <IncidentItem incident={incident} />
            {footer ? footer(incident) : null}
          </li>
        ))}
      </ol>
    </PagedHistoryCard>
  );
}

function IncidentItem({ incident }: { incident: IncidentDto }) {
  const open = incident.closedAt === null;
  return (
    <div className="flex flex-col gap-2" data-testid="incident">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {open ? (
          <span className="inline-flex items-center gap-1 rounded-md bg-destructive px-2 py-0.5 text-xs font-medium text-destructive-foreground">
            <CircleX aria-hidden="true" className="size-3" />
            Ongoing
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-md bg-success px-2 py-0.5 text-xs font-medium text-success-foreground">
            <CircleCheck aria-hidden="true" className="size-3" />
            Resolved
          </span>
        )}
        <span className="text-sm font-medium">
          {open ? (
            <>
              Down since <RelativeTime iso={incident.openedAt} />
            </>
          ) : (
            `Down for ${formatDuration(incident.durationSec ?? 0)}`
          )}
        </span>
      </div>
      <p className="text-sm break-words">{incident.reason}</p>
      <p className="text-xs text-muted-foreground">
        Opened <RelativeTime iso={incident.openedAt} />
        {incident.closedAt ? (
          <>
            {" "}
            · closed <RelativeTime iso={incident.closedAt} />
          </>
        ) : null}{" "}
        · {incident.failedChecks} failed {incident.failedChecks === 1 ? "check" : "checks"}
      </p>
    </div>
  );
}
