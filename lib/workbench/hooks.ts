"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client/api-error";
import { apiGet, apiStream } from "@/lib/api-client/fetch";
import { workbenchKeys } from "./keys";
import type { CallRequest, CallStreamLine, HistoryDetail, HistoryResponse, ServerEventLine } from "./schema";

/**
 * The workbench in the browser: a call streamed as NDJSON lines (progress
 * and log messages as they happen, then the result), and the history.
 */

const serverPath = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}`;

/**
 * Runs a call, handing each line to `onLine` as it arrives; the last line is
 * the result or the error.
 */
export async function streamCall(
  serverId: string,
  request: CallRequest,
  { signal, onLine }: { signal: AbortSignal; onLine: (line: CallStreamLine) => void },
): Promise<void> {
  let finished = false;
  await apiStream<CallStreamLine>("POST", `${serverPath(serverId)}/call`, request, {
    signal,
    onLine: (line) => {
      finished ||= line.type === "result" || line.type === "error";
      onLine(line);
    },
  });
  if (!finished) throw new ApiError(0, "Network Error", "The connection to the console ended before the call finished.");
}

/**
 * Listens to the server's notifications between calls until `signal` ends
 * it; resolves when the console closes the stream (the caller reconnects).
 */
export function listenToServer(serverId: string, opts: { signal: AbortSignal; onLine: (line: ServerEventLine) => void }): Promise<void> {
  return apiStream<ServerEventLine>("GET", `${serverPath(serverId)}/events`, undefined, opts);
}

export function useHistory(serverId?: string) {
  return useQuery({
    queryKey: workbenchKeys.history(serverId),
    queryFn: ({ signal }) =>
      apiGet<HistoryResponse>(serverId ? `/api/workbench/history?serverId=${encodeURIComponent(serverId)}` : "/api/workbench/history", { signal }),
    // Every call changes it; the page refreshes it after each one.
    staleTime: 0,
  });
}

export function useHistoryEntry(id: string | null) {
  return useQuery({
    queryKey: workbenchKeys.historyEntry(id ?? ""),
    queryFn: ({ signal }) => apiGet<HistoryDetail>(`/api/workbench/history/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== null,
  });
}
