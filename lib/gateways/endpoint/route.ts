import "server-only";
import { randomUUID } from "node:crypto";
import { isDatabaseUnreachable } from "../../db/database";
import { log } from "../../log";
import { observeRequest } from "../../metrics/http";

/**
 * What the route wrapper (lib/route/handler.ts) does for the REST API, for
 * the MCP endpoint, whose answers are JSON-RPC rather than the API's error
 * shape: a request id, one log line per request, the request metrics, and
 * a JSON-RPC error instead of a stack trace when something breaks.
 */
export function gatewayEndpoint(handle: (req: Request, slug: string) => Promise<Response>) {
  return async (req: Request, segment: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const started = performance.now();
    const requestId = randomUUID();
    const slug = (await segment.params).slug ?? "";
    let res: Response;
    try {
      res = await handle(req, slug);
    } catch (err) {
      const unreachable = isDatabaseUnreachable(err);
      if (!unreachable) log.error("gateway request failed", { requestId, err });
      res = Response.json(
        { jsonrpc: "2.0", error: { code: -32603, message: unreachable ? "The console's database is unreachable; try again shortly." : `Internal error (request ${requestId}).` }, id: null },
        { status: unreachable ? 503 : 500 },
      );
    }
    res.headers.set("x-request-id", requestId);
    const ms = performance.now() - started;
    observeRequest(req.method, new URL(req.url).pathname, { slug }, res.status, ms);
    log.info("request", { requestId, method: req.method, path: "/mcp/[slug]", status: res.status, durationMs: Math.round(ms) });
    return res;
  };
}
