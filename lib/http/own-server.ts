import type { Env } from "../env";

/**
 * scripts/server.mjs (what `npm start` runs) marks the process before Next.js
 * loads: it appends the connection's address to X-Forwarded-For, which a bare
 * `next start` does not, so there a client chooses the address its rate
 * limits and the audit trail count.
 */
export const OWN_SERVER = Symbol.for("mcp-console.own-http-server");

export const servedByOwnServer = () => (globalThis as Record<symbol, unknown>)[OWN_SERVER] === true;

/** The warning of a production process that is not behind scripts/server.mjs, if any. */
export function ownServerWarnings(e: Pick<Env, "production">, marked = servedByOwnServer()): string[] {
  if (!e.production || marked) return [];
  return [
    "The service was not started with `npm start` (scripts/server.mjs): a client's X-Forwarded-For is taken as written, so clients choose the address their rate limits count.",
  ];
}
