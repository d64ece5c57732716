import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { dashboardSummary } from "../dashboard/service";
import type { PlanHolder } from "./limits";
import { dashboardKeys, serverKeys, serversPath, type ServerFilters } from "./keys";
import { serverListQuery, type ServerDto } from "./schema";
import { getInventory, listServers } from "./service";

/*
 * The servers domain's entries of the browser's cache, filled on the server
 * by the same service calls as the API routes behind the hooks of ./client.ts
 * (GET /api/servers, /api/servers/{id}, /api/servers/{id}/inventory,
 * /api/dashboard), with the same arguments.
 */

/** `useServers(filters)`: the list the route answers, parsed from the same query string the hook sends. */
export function serverListPrefetch(uid: string, filters: ServerFilters): PrefetchQuery<ServerDto[]> {
  const query = serverListQuery.parse(Object.fromEntries(new URLSearchParams(serversPath(filters).split("?")[1])));
  return { queryKey: serverKeys.list(filters), load: () => listServers(uid, query) };
}

/** `useServer(id)`, from the server the page has already read (`getServer`) to know it exists. */
export function serverPrefetch(server: ServerDto): PrefetchQuery {
  return { queryKey: serverKeys.detail(server.id), load: async () => server };
}

/** `useServerInventory(id)`. */
export function inventoryPrefetch(uid: string, id: string): PrefetchQuery {
  return { queryKey: serverKeys.inventory(id), load: () => getInventory(uid, id) };
}

/** `useDashboardSummary()`. */
export function dashboardPrefetch(user: PlanHolder): PrefetchQuery {
  return { queryKey: dashboardKeys.summary(), load: () => dashboardSummary(user) };
}
