"use client";

import { FlaskConical } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { MonitoringTab } from "@/components/monitoring/monitoring-tab";
import { SecurityTab } from "@/components/scanner/security-tab";
import { ServerResultFindings } from "@/components/gateways/server-result-findings";
import { useServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { InventoryTab } from "./inventory-tab";
import { DetailPage, type DetailTab } from "@/components/app/detail-page";
import { SkeletonRows } from "@/components/app/loading";
import { OverviewTab } from "./overview-tab";
import { ServerNotFound } from "./server-not-found";
import { SettingsTab } from "./settings-tab";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { TRANSPORT_INFO } from "./transports";

/** The server page's sections. */
const TABS: DetailTab<ServerDto>[] = [
  { value: "overview", label: "Overview", render: (s) => <OverviewTab server={s} /> },
  { value: "inventory", label: "Inventory", render: (s) => <InventoryTab serverId={s.id} serverName={s.name} /> },
  { value: "monitoring", label: "Monitoring", render: (s) => <MonitoringTab server={s} /> },
  { value: "security", label: "Security", render: (s) => <SecurityTab server={s} resultFindings={<ServerResultFindings serverId={s.id} />} /> },
  { value: "settings", label: "Settings", render: (s) => <SettingsTab server={s} /> },
];

export function ServerDetail({ id }: { id: string }) {
  return (
    <DetailPage
      query={useServer(id)}
      noun="server"
      skeleton={<SkeletonRows count={2} className="h-40" layout="grid gap-4 lg:grid-cols-2" />}
      notFound={<ServerNotFound />}
      back="/servers"
      backLabel="All servers"
      heading={(s) => (
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{s.name}</h1>
            <StatusBadge status={s.status} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <span className="font-mono wrap-anywhere">{s.url}</span>
            <span aria-hidden="true">·</span>
            <span>{TRANSPORT_INFO[s.transport].short}</span>
          </p>
        </div>
      )}
      actions={(s) => (
        <Button asChild>
          <Link href={`/workbench?server=${encodeURIComponent(s.id)}`}>
            <FlaskConical aria-hidden="true" />
            Open in workbench
          </Link>
        </Button>
      )}
      tabsLabel="Server sections"
      tabs={TABS}
    />
  );
}
