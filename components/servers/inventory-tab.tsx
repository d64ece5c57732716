"use client";

import { Boxes, Search } from "lucide-react";
import { useState, type ReactNode } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useServerInventory } from "@/lib/servers/hooks";
import { filterInventory } from "./inventory-filter";
import { PromptList, ResourceList, TemplateList, ToolList } from "./inventory-lists";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RefreshInventoryButton } from "./refresh-inventory-button";
import { RelativeTime } from "@/components/app/relative-time";

type Kind = "tools" | "resources" | "resourceTemplates" | "prompts";

const KINDS: { value: Kind; label: string; noun: string }[] = [
  { value: "tools", label: "Tools", noun: "tools" },
  { value: "resources", label: "Resources", noun: "resources" },
  { value: "resourceTemplates", label: "Templates", noun: "resource templates" },
  { value: "prompts", label: "Prompts", noun: "prompts" },
];

export function InventoryTab({ serverId, serverName }: { serverId: string; serverName: string }) {
  const inventory = useServerInventory(serverId);
  const [kind, setKind] = useState<Kind>("tools");
  const [query, setQuery] = useState("");

  if (inventory.isPending) {
    return (
      <Loading label="Loading the inventory…" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-80" />
        <SkeletonRows count={4} className="h-16 w-full" />
      </Loading>
    );
  }
  if (inventory.isError) {
    return <LoadError what="the inventory" query={inventory} />;
  }

  const inv = inventory.data;
  const total = inv.tools.length + inv.resources.length + inv.resourceTemplates.length + inv.prompts.length;
  if (!inv.discoveredAt && total === 0) {
    return (
      <EmptyState icon={Boxes} title="Not discovered yet" action={<RefreshInventoryButton serverId={serverId} serverName={serverName} variant="default" />}>
        Ask the server for its tools, resources, templates and prompts. The console keeps what it finds, with a hash of each definition.
      </EmptyState>
    );
  }

  const shown = filterInventory(inv, query);
  const active = KINDS.find((k) => k.value === kind)!;

  const panels: Record<Kind, ReactNode> = {
    tools: <ToolList tools={shown.tools} />,
    resources: <ResourceList resources={shown.resources} />,
    resourceTemplates: <TemplateList templates={shown.resourceTemplates} />,
    prompts: <PromptList prompts={shown.prompts} />,
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Inventory</h2>
          <p className="text-sm text-muted-foreground">
            What the server offers to a model. Discovered <RelativeTime iso={inv.discoveredAt} fallback="never" />.
          </p>
        </div>
        <RefreshInventoryButton serverId={serverId} serverName={serverName} size="sm" />
      </div>
      <Tabs value={kind} onValueChange={(v) => setKind(v as Kind)}>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <TabsList aria-label="Kind of definition" className="h-auto flex-wrap">
            {KINDS.map((k) => (
              <TabsTrigger key={k.value} value={k.value}>
                {k.label}
                <span className="rounded-sm bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">{inv[k.value].length}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative lg:w-72">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label={`Search ${active.noun}`}
              placeholder={`Search ${active.noun}…`}
              value={query}
              className="pl-9"
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
        </div>
        {KINDS.map((k) => (
          <TabsContent key={k.value} value={k.value} className="mt-2">
            {shown[k.value].length === 0 ? (
              <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                {query.trim() ? `No ${k.noun} match “${query.trim()}”.` : `This server exposes no ${k.noun}.`}
              </p>
            ) : (
              panels[k.value]
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
