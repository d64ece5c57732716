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
