"use client";

import { isApiError } from "@/lib/api/error-codes";
import { useState } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { planLabelWith, PlanUpsell } from "@/components/app/plan-upsell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useUptime } from "@/lib/monitoring/hooks";
import type { UptimeWindow } from "@/lib/monitoring/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { WINDOW_LABEL } from "./format-uptime";
import { LatencyChart } from "./latency-chart";
import { windowAllowed } from "./plan-gate";
import { UptimeBar } from "./uptime-bar";
import { WindowPicker } from "./window-picker";

/** Latency and uptime over a chosen window: the chart, then the status-page bar. */
export function HistoryCard({ serverId }: { serverId: string }) {
  const { subscription } = useSubscription();
  const [window, setWindow] = useState<UptimeWindow>("24h");
  const allowed = windowAllowed(subscription, window);
  const uptime = useUptime(serverId, window, allowed);
  const locked = !allowed || (uptime.isError && isApiError(uptime.error, "plan_required"));

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" className="text-base">
            Latency and uptime
          </CardTitle>
          <CardDescription>Handshake-to-ping time of each check, and how each period went.</CardDescription>
        </div>
        <WindowPicker value={window} onChange={setWindow} isLocked={(w) => !windowAllowed(subscription, w)} />
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {locked ? (
          <PlanUpsell message={`Charts over ${WINDOW_LABEL[window].long} come with ${planLabelWith("fullMonitoring")}.`} />
        ) : uptime.isPending ? (
          <Loading label="Loading the chart…" className="flex flex-col gap-4">
            <Skeleton className="h-56" />
            <Skeleton className="h-8" />
          </Loading>
        ) : uptime.isError ? (
          <LoadError what="the latency history" query={uptime} />
        ) : uptime.data.checks === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            No checks in the last {WINDOW_LABEL[window].long} yet. Run one with “Check now”, or turn monitoring on below.
          </p>
        ) : (
          <>
            <LatencyChart uptime={uptime.data} />
            <section aria-labelledby={`${serverId}-bar-title`} className="flex flex-col gap-2">
              <h3 id={`${serverId}-bar-title`} className="text-sm font-medium">
                Uptime, last {WINDOW_LABEL[window].long}
              </h3>
              <UptimeBar
                buckets={uptime.data.series}
                uptimePct={uptime.data.uptimePct}
                label={`Uptime, last ${WINDOW_LABEL[window].long}`}
                startLabel={`${WINDOW_LABEL[window].long} ago`}
              />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
