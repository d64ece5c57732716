"use client";

import { ArrowLeft, FlaskConical } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { MonitoringTab } from "@/components/monitoring/monitoring-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SecurityTab } from "@/components/scanner/security-tab";
import { ApiError } from "@/lib/api/api-error";
import { useServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { InventoryTab } from "./inventory-tab";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { OverviewTab } from "./overview-tab";
import { ServerNotFound } from "./server-not-found";
import { SettingsTab } from "./settings-tab";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { TRANSPORT_INFO } from "./transports";

/**
 * The server page's sections. Each is a tab with real content; security joins
 * this list when its feature exists.
 */
const TABS: { value: string; label: string; render: (server: ServerDto) => ReactNode }[] = [
  { value: "overview", label: "Overview", render: (s) => <OverviewTab server={s} /> },
  { value: "inventory", label: "Inventory", render: (s) => <InventoryTab serverId={s.id} serverName={s.name} /> },
  { value: "monitoring", label: "Monitoring", render: (s) => <MonitoringTab server={s} /> },
  { value: "security", label: "Security", render: (s) => <SecurityTab server={s} /> },
  { value: "settings", label: "Settings", render: (s) => <SettingsTab server={s} /> },
];

export function ServerDetail({ id }: { id: string }) {
  const server = useServer(id);
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const tab = TABS.some((t) => t.value === requested) ? requested! : TABS[0].value;

  function selectTab(value: string) {
    // The tab lives in the URL, so a reload or a shared link opens the same one;
    // each tab is an entry of the history, so Back returns to the tab before.
    const params = new URLSearchParams(searchParams.toString());
    if (value === TABS[0].value) params.delete("tab");
    else params.set("tab", value);
    const qs = params.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  if (server.isPending) return <DetailSkeleton />;
  if (server.isError) {
    if (server.error instanceof ApiError && server.error.status === 404) return <ServerNotFound />;
    return <LoadError what="this server" query={server} />;
  }

  const s = server.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link href="/servers" className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All servers
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
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
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href={`/workbench?server=${encodeURIComponent(s.id)}`}>
                <FlaskConical aria-hidden="true" />
                Open in workbench
              </Link>
            </Button>
          </div>
        </div>
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Server sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            {t.render(s)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading the server…" className="flex flex-col gap-6">
      <Skeleton className="h-4 w-24" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Skeleton className="h-9 w-72" />
      <SkeletonRows count={2} className="h-40" layout="grid gap-4 lg:grid-cols-2" />
    </Loading>
  );
}
