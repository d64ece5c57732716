"use client";

import { isApiError } from "@/lib/api-client/api-error";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { planLabelWith, PlanUpsell } from "@/components/app/plan-upsell";
import { Skeleton } from "@/components/ui/skeleton";
import { useUptime } from "@/lib/monitoring/hooks";
import type { UptimeWindow } from "@/lib/monitoring/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { formatPct, WINDOW_LABEL } from "./format-uptime";
import { windowAllowed } from "./plan-gate";

/**
 * Uptime % over each window. Windows beyond the plan stay on screen, locked,
 * with what the plan would unlock.
 */
export function UptimeWindows({ serverId, windows }: { serverId: string; windows: readonly UptimeWindow[] }) {
  const { subscription } = useSubscription();
  const locked = windows.filter((w) => !windowAllowed(subscription, w));
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Uptime">
        {windows.map((w) => (locked.includes(w) ? <LockedTile key={w} window={w} /> : <WindowTile key={w} serverId={serverId} window={w} />))}
      </dl>
      {locked.length > 0 ? (
        <PlanUpsell compact message={`Uptime over ${locked.map((w) => WINDOW_LABEL[w].long).join(", ")} comes with ${planLabelWith("fullMonitoring")}.`} />
      ) : null}
    </div>
  );
}

function Tile({ window, children }: { window: UptimeWindow; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border px-4 py-3">
      <dt className="text-xs text-muted-foreground">{WINDOW_LABEL[window].long}</dt>
      {children}
    </div>
  );
}

function WindowTile({ serverId, window }: { serverId: string; window: UptimeWindow }) {
  const uptime = useUptime(serverId, window);
  if (uptime.isError && isApiError(uptime.error, "plan_required")) return <LockedTile window={window} />;
  return (
    <Tile window={window}>
      {uptime.isPending ? (
        <dd>
          <Skeleton className="h-7 w-20" />
          <span className="sr-only">Loading</span>
        </dd>
      ) : uptime.isError ? (
        <dd className="text-sm text-destructive">Could not load</dd>
      ) : (
        <>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`uptime-${window}`}>
            {formatPct(uptime.data.uptimePct)}
          </dd>
          <dd className="text-xs text-muted-foreground">
            {uptime.data.checks === 0
              ? "No checks yet"
              : `${uptime.data.checks.toLocaleString("en")} ${uptime.data.checks === 1 ? "check" : "checks"} · ${uptime.data.incidents} ${uptime.data.incidents === 1 ? "incident" : "incidents"}`}
          </dd>
        </>
      )}
    </Tile>
  );
}

function LockedTile({ window }: { window: UptimeWindow }) {
  return (
    <Tile window={window}>
      <dd className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4" />
        With {planLabelWith("fullMonitoring")}
      </dd>
    </Tile>
  );
}
