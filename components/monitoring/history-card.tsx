"use client";

import { isApiError } from "@/lib/api-client/api-error";
import { useState } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { planLabelWith, PlanUpsell } from "@/components/app/plan-upsell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useLatencyRange, useUptime } from "@/lib/monitoring/hooks";
import { LATENCY_RANGES, type LatencyRange, type UptimeWindow } from "@/lib/monitoring/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { CheckLatencyChart } from "./check-latency-chart";
import { WINDOW_LABEL } from "./format-uptime";
import { LatencyChart } from "./latency-chart";
import { windowAllowed } from "./plan-gate";
import { UptimeBar } from "./uptime-bar";
import { WindowPicker } from "./window-picker";

/** The ranges drawn check by check; the uptime bar below them shows their day. */
const isShort = (range: LatencyRange): range is "1h" | "6h" => range === "1h" || range === "6h";

/**
 * Latency and uptime over a chosen range: an hour or six check by check, a
 * day and longer as p50/p95 per period from the rollups, the incidents
 * shaded on either; then the status-page bar.
 */
export function HistoryCard({ serverId }: { serverId: string }) {
  const { subscription } = useSubscription();
  const [range, setRange] = useState<LatencyRange>("24h");
  const allowed = windowAllowed(subscription, range);
  const window: UptimeWindow = isShort(range) ? "24h" : range;
  const uptime = useUptime(serverId, window, allowed);
  const latency = useLatencyRange(serverId, range, allowed);
  const locked = !allowed || [uptime, latency].some((q) => q.isError && isApiError(q.error, "plan_required"));

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" className="text-base">
            Latency and uptime
          </CardTitle>
          <CardDescription>Handshake-to-ping time of each check, and how each period went; incidents are shaded.</CardDescription>
        </div>
        <WindowPicker windows={LATENCY_RANGES} value={range} onChange={setRange} isLocked={(w) => !windowAllowed(subscription, w)} />
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {locked ? (
          <PlanUpsell message={`Charts over ${WINDOW_LABEL[range].long} come with ${planLabelWith("fullMonitoring")}.`} />
        ) : uptime.isPending || latency.isPending ? (
          <Loading label="Loading the chart…" className="flex flex-col gap-4">
            <Skeleton className="h-56" />
            <Skeleton className="h-8" />
          </Loading>
        ) : uptime.isError ? (
          <LoadError what="the latency history" query={uptime} />
        ) : latency.isError ? (
          <LoadError what="the latency history" query={latency} />
        ) : uptime.data.checks === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            No checks in the last {WINDOW_LABEL[window].long} yet. Run one with “Check now”, or turn monitoring on below.
          </p>
        ) : (
          <>
            {isShort(range) ? <CheckLatencyChart data={latency.data} /> : <LatencyChart uptime={uptime.data} incidents={latency.data.incidents} />}
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
