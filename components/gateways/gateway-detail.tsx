"use client";

import { DetailPage, type DetailTab } from "@/components/app/detail-page";
import { SkeletonRows } from "@/components/app/loading";
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

/** The gateway page's sections. */
const GATEWAY_TABS: DetailTab<GatewayDto>[] = [
  { value: "agent", label: "What the agent sees", render: (g, open) => <AgentViewTab gateway={g} onOpenServers={() => open("servers")} /> },
  { value: "servers", label: "Servers", render: (g) => <ServersTab gateway={g} /> },
  { value: "connect", label: "Connect", render: (g) => <ConnectTab gateway={g} /> },
  { value: "activity", label: "Activity", render: (g) => <ActivityTab gateway={g} /> },
];

export function GatewayDetail({ id }: { id: string }) {
  return (
    <DetailPage
      query={useGateway(id)}
      noun="gateway"
      skeleton={<SkeletonRows count={4} className="h-12" layout="flex flex-col gap-2" />}
      notFound={<GatewayNotFound />}
      back="/gateways"
      backLabel="All gateways"
      heading={(g) => (
        <>
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{g.name}</h1>
          <EndpointUrl url={g.url} />
          <p className="text-sm text-muted-foreground">
            {g.servers.length === 1 ? "1 server" : `${g.servers.length} servers`} · {policySummary(g.policy)}
          </p>
        </>
      )}
      actions={(g) => (
        <>
          <EditGatewayDialog gateway={g} />
          <DeleteGateway gateway={g} />
        </>
      )}
      tabsLabel="Gateway sections"
      tabs={GATEWAY_TABS}
    />
  );
}
