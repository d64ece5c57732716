import { env, type Env } from "../env";
import type { OutboundPolicy } from "../net/address-policy";
import { policyFor } from "../net/guarded-fetch";

/**
 * Where the demo accounts' MCP server listens: scripts/server.mjs runs it on
 * this loopback address, and connections to MCP servers admit this one
 * origin while demo accounts are on (mcpServerPolicy).
 */
export const demoServerOrigin = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The outbound policy of a connection to an MCP server (and of the address
 * check of a server's URL): the deployment's, which admits the demo server's
 * origin while demo accounts are on (docs/security.md#the-demo-server).
 * Webhooks and OAuth requests keep the deployment's policy alone.
 */
export function mcpServerPolicy(e: Pick<Env, "localMode" | "outboundAllowPrivate" | "demoAccounts" | "demoMcpPort"> = env()): OutboundPolicy {
  return policyFor(e, e.demoAccounts ? [demoServerOrigin(e.demoMcpPort)] : []);
}
