/**
 * Runs once when a server process starts: checks the configuration, opens
 * and migrates the database and starts the monitoring scheduler (lib/startup.ts).
 * Then it hands scripts/server.mjs the routes that it serves ahead of
 * Next.js's router (lib/http/node-routes.ts says why).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
    const { nodeRoutes } = await import("./lib/http/node-routes");
    const { processSingleton } = await import("./lib/process-singleton");
    const { POST: call } = await import("./app/api/servers/[id]/call/route");
    // A gateway's endpoint is held against the same bare forwarder.
    const gateway = await import("./app/mcp/[slug]/route");
    // The gateways' authorization server: the SDK's handlers take Node's request and response.
    const { isOAuthServerPath, serveOAuthServer } = await import("./lib/oauth-server/http");
    const endpoint = /^\/mcp\/(?<slug>[a-z0-9-]+)$/;
    processSingleton("direct-routes", () =>
      nodeRoutes([
        { method: "POST", pattern: /^\/api\/servers\/(?<id>[^/]+)\/call$/, handler: call },
        { method: "POST", pattern: endpoint, handler: gateway.POST },
        { method: "GET", pattern: endpoint, handler: gateway.GET },
        { method: "DELETE", pattern: endpoint, handler: gateway.DELETE },
      ], [{ matches: isOAuthServerPath, serve: serveOAuthServer }]),
    );
  }
}
