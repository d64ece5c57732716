import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { serverKeys, serversPath, type ServerFilters } from "./keys";
import { serverListQuery, type ServerDto } from "./schema";
import { listServers } from "./service";

/*
 * The servers domain's entries of the browser's cache, filled on the server
 * by the same service calls as the API routes behind the hooks of ./hooks.ts
 * (GET /api/servers, /api/servers/{id}), with the same arguments.
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
