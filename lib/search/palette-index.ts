"use client";

import { useQueries } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client/fetch";
import { gatewayKeys, gatewayPath } from "@/lib/gateways/keys";
import type { GatewayDto, GatewayViewDto } from "@/lib/gateways/schema";
import { serverKeys } from "@/lib/servers/keys";
import type { ServerDto, ServerInventory } from "@/lib/servers/schema";

/** Bounds of what the palette fetches when it opens: a few requests, a list cmdk filters at once. */
export const PALETTE_SERVERS = 20;
export const PALETTE_GATEWAYS = 10;
export const PALETTE_ITEMS_PER_SOURCE = 150;

export type PaletteKind = "tool" | "resource" | "prompt";

/** A tool, resource or prompt the palette can go to, with the page that shows it. */
export interface PaletteEntry {
  id: string;
  kind: PaletteKind | "gateway item";
  label: string;
  /** Where it comes from: its server, or its gateway. */
  source: string;
  keywords: string[];
  href: string;
}

/**
 * What the palette searches and where it stops, as its footer tells the
 * user: a tool it does not find may lie past one of these bounds.
 */
export function paletteScope(serverCount: number, gatewayCount: number): string {
  const beyond = [
    serverCount > PALETTE_SERVERS ? `${serverCount - PALETTE_SERVERS} of your ${serverCount} servers` : null,
    gatewayCount > PALETTE_GATEWAYS ? `${gatewayCount - PALETTE_GATEWAYS} of your ${gatewayCount} gateways` : null,
  ].filter(Boolean);
  return (
    `Finds pages, settings, servers and gateways, and by name, URI or description up to ${PALETTE_ITEMS_PER_SOURCE} tools, resources ` +
    `and prompts of each of your first ${PALETTE_SERVERS} servers and ${PALETTE_ITEMS_PER_SOURCE} items of each of your first ${PALETTE_GATEWAYS} gateways.` +
    (beyond.length ? ` The items of the other ${beyond.join(" and ")} are not searched.` : "")
  );
}

/** Seen for a minute: reopening the palette does not ask again. */
const STALE_MS = 60_000;

const workbenchHref = (serverId: string, tab: "tools" | "resources" | "prompts", item: string) =>
  `/workbench?${new URLSearchParams({ server: serverId, tab, item })}`;

function serverEntries(server: Pick<ServerDto, "id" | "name">, inv: ServerInventory): PaletteEntry[] {
  const entry = (kind: PaletteKind, key: string, label: string, description: string | undefined, tab: "tools" | "resources" | "prompts"): PaletteEntry => ({
    id: `${kind}:${server.id}:${key}`,
    kind,
    label,
    source: server.name,
    keywords: [key, description ?? "", server.name],
    href: workbenchHref(server.id, tab, key),
  });
  return [
    ...inv.tools.map((t) => entry("tool", t.name, t.title ?? t.name, t.description, "tools")),
    ...inv.resources.map((r) => entry("resource", r.uri, r.title ?? r.name, r.description, "resources")),
    ...inv.resourceTemplates.map((r) => entry("resource", r.uriTemplate, r.title ?? r.name, r.description, "resources")),
    ...inv.prompts.map((p) => entry("prompt", p.name, p.title ?? p.name, p.description, "prompts")),
  ].slice(0, PALETTE_ITEMS_PER_SOURCE);
}

function gatewayEntries(gateway: Pick<GatewayDto, "id" | "name">, view: GatewayViewDto): PaletteEntry[] {
  return view.items.slice(0, PALETTE_ITEMS_PER_SOURCE).map((i) => ({
    id: `gateway-item:${gateway.id}:${i.kind}:${i.serverId}:${i.key}`,
    kind: "gateway item",
    label: i.exposedName,
    source: gateway.name,
    keywords: [i.key, i.description, i.serverName, gateway.name],
    href: `/gateways/${gateway.id}?${new URLSearchParams({ q: i.exposedName })}`,
  }));
}

/**
 * The tools, resources and prompts of the user's servers and the items of
 * their gateways, fetched when the palette opens (the first servers and
 * gateways of the lists, each capped) and then searched in the browser.
 * The inventories share their cache with the workbench and server pages.
 */
export function usePaletteIndex(open: boolean, servers: Pick<ServerDto, "id" | "name">[], gateways: Pick<GatewayDto, "id" | "name">[]) {
  const shownServers = servers.slice(0, PALETTE_SERVERS);
  const shownGateways = gateways.slice(0, PALETTE_GATEWAYS);
  const inventories = useQueries({
    queries: shownServers.map((s) => ({
      queryKey: serverKeys.inventory(s.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<ServerInventory>(`/api/servers/${encodeURIComponent(s.id)}/inventory`, { signal }),
      enabled: open,
      staleTime: STALE_MS,
    })),
  });
  const views = useQueries({
    queries: shownGateways.map((g) => ({
      queryKey: gatewayKeys.view(g.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<GatewayViewDto>(`${gatewayPath(g.id)}/view`, { signal }),
      enabled: open,
      staleTime: STALE_MS,
    })),
  });
  const entries = [
    ...shownServers.flatMap((s, i) => (inventories[i]?.data ? serverEntries(s, inventories[i].data) : [])),
    ...shownGateways.flatMap((g, i) => (views[i]?.data ? gatewayEntries(g, views[i].data) : [])),
  ];
  const loading = open && [...inventories, ...views].some((q) => q.isPending && q.fetchStatus === "fetching");
  return { entries, loading };
}
