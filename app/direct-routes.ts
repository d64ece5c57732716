import { POST as call } from "@/app/api/servers/[id]/call/route";
import * as gateway from "@/app/mcp/[slug]/route";
import type { NodeHandler, NodeRoute } from "@/lib/http/node-routes";
import { isOAuthServerPath, serveOAuthServer } from "@/lib/oauth-server/http";

/**
 * What the service serves ahead of Next.js's router (lib/http/node-routes.ts
 * says why), in one table: instrumentation.ts hands it to scripts/server.mjs,
 * and the tests that serve these handlers on a port of their own read it too.
 */

const endpoint = /^\/mcp\/(?<slug>[a-z0-9-]+)$/;

export const DIRECT_ROUTES: NodeRoute[] = [
  // The workbench call: its answer streams for as long as the call runs.
  { method: "POST", pattern: /^\/api\/servers\/(?<id>[^/]+)\/call$/, handler: call },
  // A gateway's endpoint, held against the same bare forwarder.
  { method: "POST", pattern: endpoint, handler: gateway.POST },
  { method: "GET", pattern: endpoint, handler: gateway.GET },
  { method: "DELETE", pattern: endpoint, handler: gateway.DELETE },
];

/** The gateways' authorization server: the SDK's handlers take Node's request and response. */
export const DIRECT_HANDLERS: NodeHandler[] = [{ matches: isOAuthServerPath, serve: serveOAuthServer }];

