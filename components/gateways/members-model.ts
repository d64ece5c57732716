import type { GatewayDto, GatewayServerInput, ItemFilter, ItemKindList, ViewItemDto } from "@/lib/gateways/schema";

/**
 * The Servers tab's form, pure: the gateway's servers as the owner edits
 * them, each kind's filter as checkboxes (checked: served), and the PATCH
 * body that writes them all back.
 */

export interface Member {
  serverId: string;
  name: string;
  status: string;
  /** As typed; empty: the service gives the server's default. */
  prefix: string;
  filters: Record<ItemKindList, ItemFilter | null>;
}

export const KIND_OF_LIST: Record<ViewItemDto["kind"], ItemKindList> = {
  tool: "tools",
  prompt: "prompts",
  resource: "resources",
  resource_template: "resources",
};

export function membersOf(gateway: GatewayDto): Member[] {
  return gateway.servers.map((s) => ({
    serverId: s.serverId,
    name: s.name,
    status: s.status,
    prefix: s.prefix,
    filters: { tools: s.tools, prompts: s.prompts, resources: s.resources },
  }));
}

/** Whether a filter lets an item through, by its key (as the gateway decides: lib/gateways/view.ts). */
export function serves(filter: ItemFilter | null, key: string): boolean {
  if (filter?.allow) return filter.allow.includes(key);
  if (filter?.deny) return !filter.deny.includes(key);
  return true;
}

/** Whether items the server adds later are served: true unless the filter is an allow list. */
export const servesNew = (filter: ItemFilter | null) => !filter?.allow;

const without = (names: string[], key: string) => names.filter((n) => n !== key);

/** The filter once `key` is served or not; a deny list that denies nothing is no filter. */
export function toggled(filter: ItemFilter | null, key: string, serve: boolean): ItemFilter | null {
  if (filter?.allow) return { allow: serve ? [...without(filter.allow, key), key] : without(filter.allow, key) };
  const deny = serve ? without(filter?.deny ?? [], key) : [...without(filter?.deny ?? [], key), key];
  return deny.length ? { deny } : null;
}

/**
 * Switches between "all but these" (a deny list: what the server adds later
 * is served) and "only these" (an allow list: it is not), keeping what is
 * served of the `keys` listed now.
 */
export function withServeNew(filter: ItemFilter | null, keys: string[], serveNew: boolean): ItemFilter | null {
  if (serveNew === servesNew(filter)) return filter;
  if (serveNew) {
    const deny = keys.filter((k) => !serves(filter, k));
    return deny.length ? { deny } : null;
  }
  return { allow: keys.filter((k) => serves(filter, k)) };
}

/** Every key in `keys` served, or none, keeping the filter's kind. */
export function allOrNone(filter: ItemFilter | null, keys: string[], serve: boolean): ItemFilter | null {
  if (!servesNew(filter)) return { allow: serve ? keys : [] };
  return serve ? null : { deny: keys };
}

/** The PATCH body's `servers`: the whole list, in order; a prefix left empty, and a kind not filtered, are left out. */
export function serversInput(members: Member[]): GatewayServerInput[] {
  return members.map((m) => {
    const input: GatewayServerInput = { serverId: m.serverId };
    if (m.prefix.trim()) input.prefix = m.prefix.trim();
    for (const kind of ["tools", "prompts", "resources"] as const) {
      const filter = m.filters[kind];
      if (filter) input[kind] = filter;
    }
    return input;
  });
}
