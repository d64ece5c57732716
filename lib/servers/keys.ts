import { SERVER_STATUSES, type ServerStatus } from "./schema";

/**
 * The servers domain's query keys, filters and API paths, shared by the
 * browser's hooks (./hooks.ts) and the pages that fill their cache on the
 * server (lib/query/prefetch.tsx): one name for each cache entry.
 */

/** What `GET /api/servers?q=&status=&tag=` filters on; empty values are left out. */
export interface ServerFilters {
  q?: string;
  status?: ServerStatus;
  tag?: string;
}

export const serverKeys = {
  lists: () => ["servers", "list"] as const,
  list: (filters: ServerFilters) => [...serverKeys.lists(), filters] as const,
  detail: (id: string) => ["servers", "detail", id] as const,
  inventory: (id: string) => ["servers", "inventory", id] as const,
  discover: (id: string) => ["servers", "discover", id] as const,
};
export const dashboardKeys = {
  summary: () => ["dashboard", "summary"] as const,
};

/** The list's filters from the page's URL; an unknown status is no filter. */
export function serverFiltersFrom(params: URLSearchParams): ServerFilters {
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const rawStatus = params.get("status");
  const status = SERVER_STATUSES.includes(rawStatus as ServerStatus) ? (rawStatus as ServerStatus) : undefined;
  const tag = params.get("tag")?.trim().slice(0, 32) || undefined;
  return { q, status, tag };
}

export function serversPath(filters: ServerFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.tag) params.set("tag", filters.tag);
  const query = params.toString();
  return query ? `/api/servers?${query}` : "/api/servers";
}
