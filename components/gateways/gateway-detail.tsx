"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api/api-error";
import { useGateway } from "@/lib/gateways/hooks";
import type { GatewayDto } from "@/lib/gateways/schema";
import { ActivityTab } from "./activity-tab";
import { AgentViewTab } from "./agent-view-tab";
import { ConnectTab } from "./connect-tab";
import { DeleteGateway } from "./delete-gateway";
import { EditGatewayDialog } from "./edit-gateway-dialog";
import { EndpointUrl } from "./endpoint-url";
import { GatewayNotFound } from "./gateway-not-found";
import { policySummary } from "./policy";
import { ServersTab } from "./servers-tab";

/** The gateway page's sections; the tab lives in the URL (`?tab=`), so a reload or a shared link opens the same one. */
const GATEWAY_TABS: { value: string; label: string; render: (gateway: GatewayDto, open: (tab: string) => void) => ReactNode }[] = [
  { value: "agent", label: "What the agent sees", render: (g, open) => <AgentViewTab gateway={g} onOpenServers={() => open("servers")} /> },
  { value: "servers", label: "Servers", render: (g) => <ServersTab gateway={g} /> },
  { value: "connect", label: "Connect", render: (g) => <ConnectTab gateway={g} /> },
  { value: "activity", label: "Activity", render: (g) => <ActivityTab gateway={g} /> },
];

export function GatewayDetail({ id }: { id: string }) {
  const gateway = useGateway(id);
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const tab = GATEWAY_TABS.some((t) => t.value === requested) ? requested! : GATEWAY_TABS[0].value;

  function selectTab(value: string) {
    const params = new URLSearchParams(searchParams.toString());
    if (value === GATEWAY_TABS[0].value) params.delete("tab");
    else params.set("tab", value);
    const qs = params.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  if (gateway.isPending) return <DetailSkeleton />;
  if (gateway.isError) {
    if (gateway.error instanceof ApiError && gateway.error.status === 404) return <GatewayNotFound />;
    return <LoadError what="this gateway" query={gateway} />;
  }

  const g = gateway.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link
          href="/gateways"
          className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All gateways
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{g.name}</h1>
            <EndpointUrl url={g.url} />
            <p className="text-sm text-muted-foreground">
              {g.servers.length === 1 ? "1 server" : `${g.servers.length} servers`} · {policySummary(g.policy)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <EditGatewayDialog gateway={g} />
            <DeleteGateway gateway={g} />
          </div>
        </div>
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Gateway sections">
          {GATEWAY_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {GATEWAY_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            {t.render(g, selectTab)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading the gateway…" className="flex flex-col gap-6">
      <Skeleton className="h-4 w-24" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Skeleton className="h-9 w-96 max-w-full" />
      <SkeletonRows count={4} className="h-12" layout="flex flex-col gap-2" />
    </Loading>
  );
}
