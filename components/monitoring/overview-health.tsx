"use client";

import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useUptime } from "@/lib/monitoring/hooks";
import { OVERVIEW_UPTIME_WINDOWS } from "@/lib/monitoring/schema";
import type { ServerDto } from "@/lib/servers/schema";
import { LatencyChart } from "./latency-chart";
import { UptimeWindows } from "./uptime-windows";

/** The overview's share of monitoring: uptime over a day, a week and a month, and the day's latency. */
export function OverviewHealth({ server }: { server: ServerDto }) {
  const day = useUptime(server.id, "24h");
  return (
    <Card className="gap-4 lg:col-span-2">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          Uptime and latency
        </CardTitle>
        <Link
          href={`/servers/${encodeURIComponent(server.id)}?tab=monitoring`}
          className="rounded-sm text-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          Monitoring details
        </Link>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <UptimeWindows serverId={server.id} windows={OVERVIEW_UPTIME_WINDOWS} />
        {day.isPending ? (
          <Skeleton className="h-36" />
        ) : day.isError ? null : day.data.checks === 0 ? (
          <p className="text-sm text-muted-foreground">No checks in the last 24 hours: the latency chart starts with the first one.</p>
        ) : (
          <LatencyChart uptime={day.data} height={140} showTable={false} />
        )}
      </CardContent>
    </Card>
  );
}
