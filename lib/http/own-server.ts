import type { Env } from "../env";

/**
 * scripts/server.mjs (what `npm start` runs) marks the process before Next.js
 * loads. A production process without the mark (a bare `next start`) would
 * answer 404 on every path served ahead of Next.js's router
 * (app/direct-routes.ts: the gateways' endpoints, their authorization server,
 * the workbench call) and take a client's X-Forwarded-For as written, so that
 * clients choose the address their rate limits count: it does not start.
 */
export const OWN_SERVER = Symbol.for("mcp-console.own-http-server");

export const servedByOwnServer = () => (globalThis as Record<symbol, unknown>)[OWN_SERVER] === true;

/** Throws, naming the fix, when a production process was not started by scripts/server.mjs. */
export function assertOwnServer(e: Pick<Env, "production">, marked = servedByOwnServer()): void {
  if (!e.production || marked) return;
  throw new Error(
    "Start MCP Console with `npm start` (node scripts/server.mjs), not `next start`: the gateways' endpoints, their sign-in (OAuth) and the workbench's calls are served by that server, and only it records a client's real address for rate limits and the audit trail.",
  );
}
