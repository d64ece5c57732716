/**
 * Where the demo accounts' MCP server listens: scripts/server.mjs runs it on
 * this loopback address, and a deployment's outbound policy admits this one
 * origin while demo accounts are on (lib/net/guarded-fetch.ts policyFor).
 */
export const demoServerOrigin = (port: number) => `http://127.0.0.1:${port}`;
