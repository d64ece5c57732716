import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { serverKeys } from "../servers/keys";
import { getInventory } from "./service";

/** `useServerInventory(id)`'s entry of the browser's cache, filled by the service call behind GET /api/servers/{id}/inventory. */
export function inventoryPrefetch(uid: string, id: string): PrefetchQuery {
  return { queryKey: serverKeys.inventory(id), load: () => getInventory(uid, id) };
}
