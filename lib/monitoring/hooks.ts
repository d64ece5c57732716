"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import { dashboardKeys, LIVE_REFETCH_MS, serverKeys } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { monitoringKeys } from "./keys";
import type { CheckNowResponse, ChecksPage, IncidentsPage, LatencyRange, LatencyRangeDto, UptimeDto, UptimeWindow } from "./schema";

// The keys live in ./keys.ts, where the server page's prefetch reads them too.
export { monitoringKeys } from "./keys";

export const CHECKS_PAGE_SIZE = 20;
export const INCIDENTS_PAGE_SIZE = 10;

const base = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

/** Where a server's checks or incidents download as CSV. */
export const monitoringExportPath = (id: string, kind: "checks" | "incidents") => `${base(id)}/${kind}/export`;

function pagePath(path: string, limit: number, cursor: string): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  return `${path}?${params.toString()}`;
}

/** Uptime %, latency percentiles and the bucketed series of one window. */
export function useUptime(id: string, window: UptimeWindow, enabled = true) {
  return useQuery({
    queryKey: monitoringKeys.uptime(id, window),
    queryFn: ({ signal }) => apiGet<UptimeDto>(`${base(id)}/uptime?window=${window}`, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.status === "error" ? false : LIVE_REFETCH_MS),
  });
}

/** The latency chart of a range: every check, or p50/p95 per period, and the incidents to mark. */
export function useLatencyRange(id: string, range: LatencyRange, enabled = true) {
  return useQuery({
    queryKey: monitoringKeys.latency(id, range),
    queryFn: ({ signal }) => apiGet<LatencyRangeDto>(`${base(id)}/latency?range=${range}`, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.status === "error" ? false : LIVE_REFETCH_MS),
  });
}

/** The check history, newest first, a page at a time. */
export function useChecks(id: string) {
  return useInfiniteQuery({
    queryKey: monitoringKeys.checks(id),
    queryFn: ({ pageParam, signal }) => apiGet<ChecksPage>(pagePath(`${base(id)}/checks`, CHECKS_PAGE_SIZE, pageParam), { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIVE_REFETCH_MS,
  });
}

/** The server's incidents, newest first, a page at a time. */
export function useIncidents(id: string) {
  return useInfiniteQuery({
    queryKey: monitoringKeys.incidents(id),
    queryFn: ({ pageParam, signal }) =>
      apiGet<IncidentsPage>(pagePath(`${base(id)}/incidents`, INCIDENTS_PAGE_SIZE, pageParam), { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIVE_REFETCH_MS,
  });
}

/**
 * "Check now": runs one check and answers with it. The server's status, its
 * history and the fleet all change with it, so they are read again.
 */
export function useCheckNow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<CheckNowResponse>("POST", `${base(id)}/check`),
    // A check talks to a remote server and is rate limited: the user decides whether to try again.
    retry: false,
    onSuccess: ({ check, status }) => {
      client.setQueryData<ServerDto>(serverKeys.detail(id), (server) =>
        server ? { ...server, status, lastCheckAt: check.startedAt, latencyMs: check.latencyMs ?? server.latencyMs } : server,
      );
      void client.invalidateQueries({ queryKey: serverKeys.detail(id) });
      void client.invalidateQueries({ queryKey: monitoringKeys.server(id) });
      void client.invalidateQueries({ queryKey: ["servers", "list"] });
      void client.invalidateQueries({ queryKey: dashboardKeys.summary() });
    },
  });
}
