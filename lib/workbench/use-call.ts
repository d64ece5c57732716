"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { track } from "@/lib/analytics/track";
import { namesCode } from "@/lib/api-contract/error-codes";
import { errorCodeOf } from "@/lib/api-client/api-error";
import { streamCall } from "./hooks";
import { workbenchKeys } from "./keys";
import { useRoots } from "./roots-store";
import type { CallExchange, CallRequest, CallStreamLine, ServerRequestKind } from "./schema";

/** One call's life in the page: running with live progress and logs, then its result or error. */

export interface LogLine {
  level: string;
  logger?: string;
  data: unknown;
  time: number;
}

/** A request of the server to the person, announced during the call. */
export interface AskedRequest {
  id: string;
  kind: ServerRequestKind;
  params: Record<string, unknown>;
}

export interface CallState {
  status: "idle" | "running" | "done" | "failed" | "cancelled";
  request?: CallRequest;
  progress?: { progress: number; total?: number; message?: string };
  task?: { taskId: string; status: string; statusMessage?: string };
  logs: LogLine[];
  requests: AskedRequest[];
  result?: unknown;
  durationMs?: number;
  /** The MCP revision the call was spoken in. */
  protocolVersion?: string;
  exchange?: CallExchange;
  error?: { code: string; message: string };
}

const IDLE: CallState = { status: "idle", logs: [], requests: [] };
const HISTORY_SETTLE_MS = 1_500;

function apply(state: CallState, line: CallStreamLine): CallState {
  switch (line.type) {
    case "progress":
      return { ...state, progress: { progress: line.progress, total: line.total, message: line.message } };
    case "log":
      return { ...state, logs: [...state.logs, { level: line.level, logger: line.logger, data: line.data, time: Date.now() }] };
    case "task":
      return { ...state, task: { taskId: line.taskId, status: line.status, statusMessage: line.statusMessage } };
    case "server-request":
      return { ...state, requests: [...state.requests, { id: line.id, kind: line.kind, params: line.params }] };
    case "result":
      return { ...state, status: "done", result: line.result, durationMs: line.durationMs, exchange: line.exchange, protocolVersion: line.protocolVersion };
    case "error":
      return {
        ...state,
        status: namesCode(line, "cancelled") ? "cancelled" : "failed",
        error: { code: line.error, message: line.message },
        durationMs: line.durationMs,
        exchange: line.exchange,
      };
  }
}

export function useCall(serverId: string) {
  const [state, setState] = useState<CallState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const [roots] = useRoots(serverId);

  // Leaving the page (or the server) cancels what is still running.
  useEffect(() => () => controller.current?.abort(), [serverId]);

  const run = useCallback(
    async (asked: CallRequest) => {
      // The server asks for roots whenever it likes: each call brings the current ones.
      const request: CallRequest = { ...asked, roots };
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      // A call replaced by a newer one no longer writes to the state.
      const update = (next: (s: CallState) => CallState) => {
        if (controller.current === abort) setState(next);
      };
      const started = performance.now();
      setState({ status: "running", request, logs: [], requests: [] });
      let answered = false;
      try {
        await streamCall(serverId, request, {
          signal: abort.signal,
          onLine: (line) => {
            answered ||= line.type === "result";
            update((s) => apply(s, line));
          },
        });
      } catch (err) {
        if (abort.signal.aborted) {
          update((s) => ({ ...s, status: "cancelled", error: { code: "cancelled", message: "You cancelled the call." }, durationMs: Math.round(performance.now() - started) }));
          // The console records a cancelled call once it has told the server: ask for the history again shortly.
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: workbenchKeys.histories() }), HISTORY_SETTLE_MS);
        } else {
          const message = err instanceof Error ? err.message : String(err);
          update((s) => ({ ...s, status: "failed", error: { code: errorCodeOf(err) ?? "error", message } }));
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        track("workbench_call", { method: request.method, ok: answered });
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.histories() });
      }
    },
    [serverId, queryClient, roots],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, run, cancel };
}
