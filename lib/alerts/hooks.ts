"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { DeliveriesPage, TestEventResponse } from "./schema";

export const alertKeys = {
  all: ["alerts"] as const,
  deliveries: () => ["alerts", "deliveries"] as const,
};

export const DELIVERIES_PAGE_SIZE = 20;
/** While something is still being sent or retried, the list follows it. */
const PENDING_POLL_MS = 5_000;

export function useDeliveries() {
  return useInfiniteQuery({
    queryKey: alertKeys.deliveries(),
    queryFn: ({ pageParam, signal }) =>
      apiGet<DeliveriesPage>(`/api/user/alerts/deliveries?${new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`, {
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === "pending")) ? PENDING_POLL_MS : false),
  });
}

/** POST /api/user/alerts/test; the list is read again to show the new deliveries. */
export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<TestEventResponse>("POST", "/api/user/alerts/test"),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.deliveries() }),
    retry: false,
  });
}
