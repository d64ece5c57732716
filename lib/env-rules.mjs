// The environment's rules that the start scripts (plain Node, scripts/*.mjs)
// apply before the service has started, and lib/env.ts applies to the
// service's own configuration: one copy, in JavaScript both can import.

/** The identity project of a fresh clone: local mode. */
export const DEFAULT_PROJECT_ID = "demo-mcp-console";

/** Where local mode's Auth Emulator listens unless FIREBASE_AUTH_EMULATOR_HOST says otherwise. */
export const DEFAULT_EMULATOR_HOST = "127.0.0.1:9099";

/** Where the demo accounts' MCP server listens on loopback unless DEMO_MCP_PORT says otherwise. */
export const DEFAULT_DEMO_MCP_PORT = 3001;

/**
 * Local mode: an identity project id starting with `demo-` (the Firebase
 * Auth Emulator's convention for projects that exist nowhere else).
 */
export const isLocalMode = (projectId) => (projectId || DEFAULT_PROJECT_ID).startsWith("demo-");

/** Demo accounts: as DEMO_ACCOUNTS says, else on in local mode only. */
export function demoAccountsOn(env) {
  if (env.DEMO_ACCOUNTS) return env.DEMO_ACCOUNTS === "on";
  return isLocalMode(env.FIREBASE_PROJECT_ID);
}
