"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client/fetch";
import { ACTIVITY_PAGE_SIZE, activityKeys, activityQueryString, type ActivityViewFilters } from "./keys";
import type { ActivityDetails, ActivityPage } from "./schema";

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
