"use client";

import { Boxes, FileText, FolderTree, MessageSquare, Wrench } from "lucide-react";
import { useCallback } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { RefreshInventoryButton } from "@/components/servers/refresh-inventory-button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useServerInventory } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { useRoots } from "@/lib/workbench/roots-store";
import { PromptsTab } from "./prompts-tab";
import { ResourcesTab } from "./resources-tab";
import { RootsTab } from "./roots-tab";
import type { Rerun } from "./rerun";
import type { WorkbenchTool } from "./tool-panel";
import { ToolsTab } from "./tools-tab";

export type WorkbenchTab = "tools" | "resources" | "prompts" | "roots";

interface ServerWorkbenchProps {
  server: ServerDto;
  /** The item a link asked for (a tool's or prompt's name, a resource's URI): selected in its tab. */
  linkedItem?: string | null;
  tab: WorkbenchTab;
  onTab: (tab: WorkbenchTab) => void;
  rerun: Rerun | null;
  onRerun: (rerun: Rerun | null) => void;
}

const declares = (capabilities: Record<string, unknown> | null, path: string[]) =>
  path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), capabilities) !== undefined;

/** One server's tools, resources and prompts, each in a tab whose state outlives switching tabs. */
export function ServerWorkbench({ server, linkedItem = null, tab, onTab, rerun, onRerun }: ServerWorkbenchProps) {
  const inventory = useServerInventory(server.id);
  const [roots] = useRoots(server.id);
  const started = useCallback(() => onRerun(null), [onRerun]);
  const openResource = useCallback(
    (uri: string) => {
      onTab("resources");
      onRerun({ serverId: server.id, request: { method: "resources/read", params: { uri } } });
    },
    [onTab, onRerun, server.id],
  );

  if (inventory.isPending) {
    return (
      <Loading label="Loading what the server offers…" className="grid gap-3">
        <Skeleton className="h-9 w-80" />
        <Skeleton className="h-64 w-full" />
      </Loading>
    );
  }
  if (inventory.isError) {
    return <LoadError what="the server's tools, resources and prompts" query={inventory} />;
  }
  const inv = inventory.data;
  if (!inv.discoveredAt) {
    return (
      <EmptyState icon={Boxes} title="Not discovered yet" action={<RefreshInventoryButton serverId={server.id} serverName={server.name} variant="default" />}>
        The console has not listed this server&apos;s tools, resources and prompts yet. Ask the server for them to start exploring.
      </EmptyState>
    );
  }

  const logging = declares(server.capabilities, ["logging"]);
  const tasks = declares(server.capabilities, ["tasks", "requests", "tools", "call"]);
  const completions = declares(server.capabilities, ["completions"]);
  const subscriptions = (server.capabilities?.resources as { subscribe?: unknown } | undefined)?.subscribe === true;
  // What every tab needs: the server, a call from the history to run again, and the way to open a resource link.
  const shared = { serverId: server.id, linkedItem, rerun, onRerunStarted: started, onOpenResource: openResource };
  const inactiveHidden = "data-[state=inactive]:hidden";

  return (
    <Tabs value={tab} onValueChange={(v) => onTab(v as WorkbenchTab)}>
      <TabsList aria-label="What to explore">
        {(
          [
            ["tools", Wrench, "Tools", inv.tools.length],
            // Resources alone, as the server page counts them; the tab lists the templates under their own count.
            ["resources", FileText, "Resources", inv.resources.length],
            ["prompts", MessageSquare, "Prompts", inv.prompts.length],
            ["roots", FolderTree, "Roots", roots.length],
          ] as const
        ).map(([value, Icon, label, count]) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden="true" />
            {label} ({count})
          </TabsTrigger>
        ))}
      </TabsList>
      {/* Mounted throughout, so that a running call, its result and the typed arguments survive a look at another tab. */}
      <TabsContent value="tools" forceMount className={inactiveHidden}>
        <ToolsTab {...shared} tools={inv.tools as WorkbenchTool[]} logging={logging} tasks={tasks} />
      </TabsContent>
      <TabsContent value="resources" forceMount className={inactiveHidden}>
        <ResourcesTab {...shared} resources={inv.resources} templates={inv.resourceTemplates} completions={completions} subscriptions={subscriptions} />
      </TabsContent>
      <TabsContent value="prompts" forceMount className={inactiveHidden}>
        <PromptsTab {...shared} prompts={inv.prompts} completions={completions} />
      </TabsContent>
      <TabsContent value="roots">
        <RootsTab serverId={server.id} />
      </TabsContent>
    </Tabs>
  );
}
