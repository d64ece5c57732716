"use client";

import { Waypoints } from "lucide-react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { PlanUsage } from "@/components/app/plan-usage";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboardSummary } from "@/lib/dashboard/hooks";
import { useGateways } from "@/lib/gateways/hooks";
import { GatewayTable } from "./gateway-table";
import { NewGatewayButton } from "./new-gateway-button";

export function GatewayList() {
  const list = useGateways();
  const summary = useDashboardSummary();
  return (
    <div className="flex flex-col gap-4">
      {summary.data ? <PlanUsage total={summary.data.gateways.total} limit={summary.data.gateways.limit} noun="gateways" /> : null}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError what="your gateways" query={list} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={Waypoints} title="No gateways yet" action={<NewGatewayButton label="Create your first gateway" />}>
          A gateway is one MCP endpoint for your agents. It serves the servers you choose under one URL and one token, names each
          server&apos;s tools apart, and hides what the scanner flags or what changed since you approved it.
        </EmptyState>
      ) : (
        <>
          <GatewayTable gateways={list.data} />
          <p className="text-xs text-muted-foreground" role="status">
            {list.data.length === 1 ? "1 gateway" : `${list.data.length} gateways`}
          </p>
        </>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <Loading label="Loading gateways…" className="rounded-xl border p-3">
      <div className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64" />
            </div>
            <Skeleton className="hidden h-4 w-24 sm:block" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
