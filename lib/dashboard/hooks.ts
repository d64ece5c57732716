"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client/fetch";
import { dashboardKeys, LIVE_REFETCH_MS } from "@/lib/servers/hooks";
import type { DashboardSummary } from "./types";

export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => apiGet<DashboardSummary>("/api/dashboard", { signal }),
    refetchInterval: LIVE_REFETCH_MS,
  });
}
