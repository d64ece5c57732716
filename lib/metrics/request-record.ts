import { randomUUID } from "node:crypto";
import { logger, type Logger } from "../log";
import { observeRequest } from "./http";

/**
 * What every request gets, whichever of the service's three edges answers it
 * (the API's route wrapper, a gateway's MCP endpoint, the gateways'
 * authorization server): a request id, a logger bound to it, and at the end
 * the request metrics and the one "request" log line. `path` is what the
 * metrics and the log name: a route's pattern where the path is the client's
 * to write.
 */
export function startRequest(method: string, path: string, sentId?: string | null) {
  const started = performance.now();
  // A caller's own id (a proxy's, a client's) ties its logs to ours; bounded, since it is written to the log.
  const requestId = sentId?.slice(0, 64) || randomUUID();
  const log = logger({ requestId, method, path });
  return {
    requestId,
    log,
    /** `params` turn the path into its route's pattern for the metrics; `bound` is the logger the handler bound more to (the user). */
    finish(status: number, { params, bound = log }: { params?: Record<string, string | string[]>; bound?: Logger } = {}) {
      const durationMs = performance.now() - started;
      observeRequest(method, path, params, status, durationMs);
      bound.info("request", { status, durationMs: Math.round(durationMs) });
    },
  };
}
