import type { CompleteRequest } from "./schema";

/**
 * The workbench's query keys, shared by the browser's hooks (./hooks.ts) and
 * the page that fills their cache on the server (./prefetch.ts).
 */
export const workbenchKeys = {
  histories: () => ["workbench", "history"] as const,
  history: (serverId?: string) => [...workbenchKeys.histories(), serverId ?? "all"] as const,
  historyEntry: (id: string) => ["workbench", "history-entry", id] as const,
  completion: (serverId: string, request: CompleteRequest) => ["workbench", "complete", serverId, request] as const,
};
