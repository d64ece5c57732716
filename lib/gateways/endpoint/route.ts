import "server-only";
import { isOwnOrigin, reportRefusedOrigin } from "../../auth/own-origin";
import { isDatabaseUnreachable } from "../../db/database";
import { env } from "../../env";
import { startRequest } from "../../metrics/request-record";
import { isGatewaySlug } from "./access";
import { jsonRpcError, notFound } from "./handler";

/**
 * What the route wrapper (lib/route/handler.ts) does for the REST API, for
 * the MCP endpoint, whose answers are JSON-RPC rather than the API's error
 * shape: a request id, one log line per request, the request metrics, and
 * a JSON-RPC error instead of a stack trace when something breaks.
 *
 * Two checks come before anything else reads the request:
 * - `Origin`, when one is sent, must be the console's own (the MCP
 *   transport spec asks servers to check it against DNS rebinding): a page
 *   of another site gets 403. Agents (SDKs, CLIs, IDEs) send none.
 * - The slug is a gateway slug's shape: anything else is no gateway, and is
 *   never written into a header, a query or the log.
 */
export function gatewayEndpoint(handle: (req: Request, slug: string) => Promise<Response>) {
  return async (req: Request, segment: { params: Promise<Record<string, string>> }): Promise<Response> => {
    // The pattern, not the path: the path is the client's to write.
    const { requestId, log, finish } = startRequest(req.method, "/mcp/[slug]");
    const slug = (await segment.params).slug ?? "";
    const origin = req.headers.get("origin");
    let res: Response;
    try {
      if (origin !== null && !isOwnOrigin(origin, env())) {
        reportRefusedOrigin(origin, env());
        res = jsonRpcError(403, -32000, "Forbidden: this gateway takes no requests from another site's pages (Origin). MCP clients send no Origin header.");
      } else if (!isGatewaySlug(slug)) {
        res = notFound();
      } else {
        res = await handle(req, slug);
      }
    } catch (err) {
      const unreachable = isDatabaseUnreachable(err);
      if (!unreachable) log.error("gateway request failed", { err });
      res = jsonRpcError(
        unreachable ? 503 : 500,
        -32603,
        unreachable ? "The console's database is unreachable; try again shortly." : `Internal error (request ${requestId}).`,
      );
    }
    res.headers.set("x-request-id", requestId);
    finish(res.status);
    return res;
  };
}
