/**
 * The activity log's filters, query string and query keys, shared by the
 * browser's hooks (./hooks.ts) and the page that fills their cache on the
 * server (./prefetch.ts): one name for each cache entry.
 */

/** The filters as the /activity page holds them: calendar days, not instants. */
export interface ActivityViewFilters {
  action: string;
  serverId: string;
  /** YYYY-MM-DD, the first day shown. */
  from: string;
  /** YYYY-MM-DD, the last day shown (inclusive). */
  to: string;
}

export const NO_FILTERS: ActivityViewFilters = { action: "", serverId: "", from: "", to: "" };

/** Local midnight of a YYYY-MM-DD day, plus `days`, as an ISO instant. */
function dayStart(day: string, days = 0): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + days).toISOString();
}

/** The API's query string for the filters: the `to` day is included whole. */
export function activityQueryString(filters: ActivityViewFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.action) params.set("action", filters.action);
  if (filters.serverId) params.set("serverId", filters.serverId);
  if (filters.from) params.set("from", dayStart(filters.from));
  if (filters.to) params.set("to", dayStart(filters.to, 1));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

export const ACTIVITY_PAGE_SIZE = 25;

export const activityKeys = {
  list: (filters: ActivityViewFilters) => ["activity", "list", filters] as const,
  details: (id: string) => ["activity", "details", id] as const,
};
