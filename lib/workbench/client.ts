"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError, errorDetail } from "@/lib/api/api-error";
import { apiGet, apiSend } from "@/lib/api/client";
import {
  NDJSON,
  type CallRequest,
  type CallResponse,
  type CallStreamLine,
  type HistoryDetail,
  type HistoryResponse,
  type ServerEventLine,
} from "./schema";

/**
 * The workbench in the browser: a call streamed as NDJSON lines (progress
 * and log messages as they happen, then the result), and the history.
 */

export const workbenchKeys = {
  history: (serverId?: string) => ["workbench", "history", serverId ?? "all"] as const,
  historyEntry: (id: string) => ["workbench", "history-entry", id] as const,
};

const callPath = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}/call`;

async function errorFrom(res: Response): Promise<ApiError> {
  const raw = await res.text();
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiError(res.status, res.statusText, `${res.status}: ${errorDetail(body, res.statusText, raw)}`, body);
}

/**
 * Runs a call, handing each line to `onLine` as it arrives; the last line is
 * the result or the error. Streaming needs the raw response, which the
 * shared API client does not give; a 401 (an expired token) is handed to it,
 * since it knows how to refresh and retry, and the call then runs unstreamed.
 */
export async function streamCall(
  serverId: string,
  request: CallRequest,
  { signal, onLine }: { signal: AbortSignal; onLine: (line: CallStreamLine) => void },
): Promise<void> {
  const res = await fetch(callPath(serverId), {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: NDJSON, "Cache-Control": "no-cache" },
    body: JSON.stringify(request),
    signal,
  });
  if (res.status === 401) {
    const answer = await apiSend<CallResponse>("POST", callPath(serverId), request, { signal });
    onLine({ type: "result", ...answer });
    return;
  }
  if (!res.ok || !res.body) throw await errorFrom(res);

  let finished = false;
  await readLines<CallStreamLine>(res.body, (line) => {
    finished ||= line.type === "result" || line.type === "error";
    onLine(line);
  });
  if (!finished) throw new ApiError(0, "Network Error", "The connection to the console ended before the call finished.");
}

/** Hands each NDJSON line of `body` to `onLine` as it arrives, until the stream ends. */
async function readLines<T>(body: ReadableStream<BufferSource>, onLine: (line: T) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (text) onLine(JSON.parse(text) as T);
    }
  }
}

/**
 * Listens to the server's notifications between calls until `signal` ends
 * it; resolves when the console closes the stream (the caller reconnects).
 */
export async function listenToServer(serverId: string, { signal, onLine }: { signal: AbortSignal; onLine: (line: ServerEventLine) => void }): Promise<void> {
  const res = await fetch(`/api/servers/${encodeURIComponent(serverId)}/events`, {
    credentials: "include",
    headers: { Accept: NDJSON, "Cache-Control": "no-cache" },
    signal,
  });
  if (!res.ok || !res.body) throw await errorFrom(res);
  await readLines<ServerEventLine>(res.body, onLine);
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
