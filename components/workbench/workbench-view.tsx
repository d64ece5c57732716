"use client";

import { FlaskConical } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { AddServerButton } from "@/components/servers/add-server-button";
import { RefreshInventoryButton } from "@/components/servers/refresh-inventory-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useServers } from "@/lib/servers/hooks";
import type { CallRequest, HistoryEntry } from "@/lib/workbench/schema";
import { HistoryPanel } from "./history-panel";
import { PingButton } from "./ping-button";
import type { Rerun } from "./rerun";
import { ServerPicker } from "./server-picker";
import { ServerWorkbench, type WorkbenchTab } from "./server-workbench";

const REMEMBERED_SERVER = "mcp-console.workbench.server";

function remembered(): string | null {
  try {
    return window.localStorage.getItem(REMEMBERED_SERVER);
  } catch {
    return null;
  }
}

// The choice is read once, and only in the browser: the page arrives rendered
// with the server's own choice (which cannot see this storage), hydrates with
// it, and then moves to the remembered server.
const noSubscription = () => () => {};
const rememberedOnServer = () => null;

function remember(id: string) {
  try {
    window.localStorage.setItem(REMEMBERED_SERVER, id);
  } catch {
    // Storage may be disabled; the URL still carries the choice.
  }
}

const TAB_OF: Partial<Record<CallRequest["method"], WorkbenchTab>> = {
  "tools/call": "tools",
  "resources/read": "resources",
  "prompts/get": "prompts",
};

const LINKED_TABS: readonly WorkbenchTab[] = ["tools", "resources", "prompts"];

/**
 * The workbench: one of the user's servers (`?server={id}`, remembered in
 * this browser), its tools, resources and prompts, ping, and the history of
 * calls, each of which can be run again. `&tab=tools&item={name}` (or
 * resources and a URI, prompts and a name) opens with that item selected:
 * the command palette links here.
 */
export function WorkbenchView() {
  const servers = useServers();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const linkedTab = LINKED_TABS.find((t) => t === params.get("tab")) ?? null;
  const linkedItem = linkedTab ? params.get("item") : null;
  const [tab, setTab] = useState<WorkbenchTab>(linkedTab ?? "tools");
  // A link followed while the workbench is open shows its tab too.
  const [seenLink, setSeenLink] = useState(`${linkedTab}:${linkedItem}`);
  if (seenLink !== `${linkedTab}:${linkedItem}`) {
    setSeenLink(`${linkedTab}:${linkedItem}`);
    if (linkedTab) setTab(linkedTab);
  }
  const [rerun, setRerun] = useState<Rerun | null>(null);

  const list = servers.data;
  const asked = params.get("server");
  const stored = useSyncExternalStore(noSubscription, remembered, rememberedOnServer);
  const serverId = list?.some((s) => s.id === asked)
    ? asked
    : (list?.find((s) => s.id === stored)?.id ?? list?.[0]?.id ?? null);

  const choose = useCallback(
    (id: string) => {
      remember(id);
      router.replace(`${pathname}?server=${encodeURIComponent(id)}`, { scroll: false });
    },
    [router, pathname],
  );

  // The URL always names the server shown, so that it can be bookmarked and shared with oneself.
  useEffect(() => {
    if (serverId && serverId !== asked) choose(serverId);
    else if (serverId) remember(serverId);
  }, [serverId, asked, choose]);

  const runAgain = useCallback(
    (entry: HistoryEntry) => {
      if (entry.serverId !== serverId) choose(entry.serverId);
      const next = TAB_OF[entry.method];
      if (next) setTab(next);
      setRerun({ serverId: entry.serverId, request: { method: entry.method, params: entry.params } as CallRequest });
    },
    [serverId, choose],
  );

  const rerunStarted = useCallback(() => setRerun(null), []);

  if (servers.isPending) {
    return (
      <Loading label="Loading your servers…" className="grid gap-4">
        <Skeleton className="h-9 w-96" />
        <Skeleton className="h-80 w-full" />
      </Loading>
    );
  }
  if (servers.isError) {
    return <LoadError what="your servers" query={servers} />;
  }
  const server = list?.find((s) => s.id === serverId);
  if (!server) {
    return (
      <EmptyState
        icon={FlaskConical}
        title="No servers to explore yet"
        action={
          <AddServerButton label="Add a server" />
        }
      >
        The workbench calls the tools, reads the resources and fills the prompts of the MCP servers you have registered. Register one first.
      </EmptyState>
    );
  }

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <ServerPicker servers={list ?? []} value={server.id} onChange={choose} />
          <PingButton key={server.id} serverId={server.id} rerun={rerun} onRerunStarted={rerunStarted} />
          <RefreshInventoryButton serverId={server.id} serverName={server.name} size="sm" className="ml-auto" />
        </div>
        <ServerWorkbench key={`${server.id}:${linkedItem}`} server={server} linkedItem={linkedItem} tab={tab} onTab={setTab} rerun={rerun} onRerun={setRerun} />
      </div>
      <HistoryPanel serverId={server.id} onRerun={runAgain} />
    </div>
  );
}
