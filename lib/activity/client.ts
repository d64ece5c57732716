"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api/client";
import type { ActivityDetails, ActivityPage } from "./schema";

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

export function useActivity(filters: ActivityViewFilters, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiGet<ActivityPage>(
        `/api/activity?${activityQueryString(filters, {
          limit: String(ACTIVITY_PAGE_SIZE),
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The log is the user's own recent history: show new events when coming back.
    staleTime: 0,
  });
}

export function useActivityDetails(id: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.details(id),
    queryFn: ({ signal }) => apiGet<ActivityDetails>(`/api/activity/${encodeURIComponent(id)}`, { signal }),
    enabled,
  });
}
