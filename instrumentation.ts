/**
 * Runs once when a server process starts: checks the configuration, opens
 * and migrates the database and starts the monitoring scheduler (lib/startup.ts).
 * Then it hands scripts/server.mjs the routes that it serves ahead of
 * Next.js's router (app/direct-routes.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
    const { nodeRoutes } = await import("./lib/http/node-routes");
    const { processSingleton } = await import("./lib/process-singleton");
    const { DIRECT_HANDLERS, DIRECT_ROUTES } = await import("./app/direct-routes");
    processSingleton("direct-routes", () => nodeRoutes(DIRECT_ROUTES, DIRECT_HANDLERS));
  }
}
