import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { inventoryPrefetch } from "../discovery/prefetch";
import { serverListPrefetch } from "../servers/prefetch";
import type { HistoryResponse } from "./schema";
import { listHistory } from "./history";
import { workbenchKeys } from "./keys";

/** `useHistory(serverId)`, as `GET /api/workbench/history?serverId=` answers it. */
function historyPrefetch(uid: string, serverId: string): PrefetchQuery {
  return { queryKey: workbenchKeys.history(serverId), load: async (): Promise<HistoryResponse> => ({ calls: await listHistory(uid, serverId) }) };
}

/**
 * What the workbench shows first: the user's servers, and the inventory and
 * history of the server it opens, the one the URL names or else the first.
 * (A browser that remembers another server opens that one, and loads its
 * inventory itself.)
 */
export async function workbenchPrefetch(uid: string, asked: string | null): Promise<PrefetchQuery[]> {
  const list = serverListPrefetch(uid, {});
  const servers = await list.load();
  const shown = servers.find((s) => s.id === asked) ?? servers[0];
  const loaded = { ...list, load: async () => servers };
  return shown ? [loaded, inventoryPrefetch(uid, shown.id), historyPrefetch(uid, shown.id)] : [loaded];
}
