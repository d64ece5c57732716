"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import { dashboardKeys, serverKeys } from "@/lib/servers/hooks";
import type { PinResult, ScanDetail, ScanExportFormat, ScanNowResult, ScanOverview } from "./schema";

export const scanKeys = {
  overview: (serverId: string) => ["scanner", "overview", serverId] as const,
  scan: (serverId: string, scanId: string) => ["scanner", "scan", serverId, scanId] as const,
  run: (serverId: string) => ["scanner", "run", serverId] as const,
};

const scanPath = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}/scan`;

/** Where the browser downloads the latest scan's findings (a plain link: the file is an attachment). */
export const scanExportPath = (serverId: string, format: ScanExportFormat) => `${scanPath(serverId)}/export?format=${format}`;

export function useScanOverview(serverId: string) {
  return useQuery({
    queryKey: scanKeys.overview(serverId),
    queryFn: ({ signal }) => apiGet<ScanOverview>(scanPath(serverId), { signal }),
  });
}

/** One scan of the history, fetched when opened. */
export function useHistoryScan(serverId: string, scanId: string | null) {
  return useQuery({
    queryKey: scanKeys.scan(serverId, scanId ?? ""),
    queryFn: ({ signal }) => apiGet<ScanDetail>(`/api/servers/${encodeURIComponent(serverId)}/scans/${encodeURIComponent(scanId!)}`, { signal }),
    enabled: scanId !== null,
    // A stored scan never changes.
    staleTime: Infinity,
  });
}

/** A scan changes the server's badge in lists, the dashboard's counts and, since it asks the server again, its inventory. */
function useAfterScan(serverId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: scanKeys.overview(serverId) }),
      client.invalidateQueries({ queryKey: serverKeys.inventory(serverId) }),
      client.invalidateQueries({ queryKey: serverKeys.detail(serverId) }),
      client.invalidateQueries({ queryKey: ["servers", "list"] }),
      client.invalidateQueries({ queryKey: dashboardKeys.summary() }),
    ]);
}

// Scanning connects to the server and pinning replaces the baseline: the user
// decides whether to try again, no automatic retry.

export function useScanNow(serverId: string) {
  const afterScan = useAfterScan(serverId);
  return useMutation({
    mutationKey: scanKeys.run(serverId),
    mutationFn: () => apiSend<ScanNowResult>("POST", scanPath(serverId)),
    retry: false,
    onSuccess: () => void afterScan(),
  });
}

export function usePinBaseline(serverId: string) {
  const afterScan = useAfterScan(serverId);
  return useMutation({
    mutationFn: () => apiSend<PinResult>("POST", `${scanPath(serverId)}/baseline`),
    retry: false,
    onSuccess: () => void afterScan(),
  });
}
