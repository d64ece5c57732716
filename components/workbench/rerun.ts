import { useEffect, useState } from "react";
import type { CallRequest } from "@/lib/workbench/schema";

/**
 * A call to start from outside its tab: one picked from the history, or a
 * resource link opened from a result. The tab that handles its method starts
 * it once, on the server it names, and reports it done.
 */
export interface Rerun {
  serverId: string;
  request: CallRequest;
}

export interface RerunProps {
  rerun: Rerun | null;
  onRerunStarted: () => void;
}

/** The rerun this tab should start now, if any. */
export function pendingFor<M extends CallRequest["method"]>(
  rerun: Rerun | null,
  serverId: string,
  method: M,
): Extract<CallRequest, { method: M }> | null {
  if (!rerun || rerun.serverId !== serverId || rerun.request.method !== method) return null;
  return rerun.request as Extract<CallRequest, { method: M }>;
}

/**
 * Takes the reruns meant for a tab's method: `show` puts one on screen in the
 * render that receives it (its item selected, its arguments filled in), then
 * `start` runs it once, after that render, and the rerun is reported started.
 */
export function useRerun<M extends CallRequest["method"]>(
  { rerun, onRerunStarted }: RerunProps,
  serverId: string,
  method: M,
  { show, start }: { show: (request: Extract<CallRequest, { method: M }>) => void; start: (request: Extract<CallRequest, { method: M }>) => void },
): void {
  const [taken, setTaken] = useState<Rerun | null>(null);
  const pending = pendingFor(rerun, serverId, method);
  if (pending && rerun !== taken) {
    setTaken(rerun);
    show(pending);
  }
  useEffect(() => {
    const request = pendingFor(taken, serverId, method);
    if (!request) return;
    onRerunStarted();
    start(request);
    // Started once per rerun taken; the other values are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken]);
}
