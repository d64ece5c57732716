import "server-only";
import type { PlanHolder } from "../plans/holder";
import { createGateway } from "../gateways/service";

export const DEMO_GATEWAY_NAME = "Demo gateway";

/**
 * A gateway of the demo server, made after its history: it serves the
 * server's definitions as the baseline approved them, so the `echo` tool,
 * whose definition changed since (lib/demo/history.ts's rug pull), waits in
 * quarantine for the visitor to look at the change and approve it.
 */
export async function seedDemoGateway(user: PlanHolder, serverId: string): Promise<void> {
  await createGateway(user, { name: DEMO_GATEWAY_NAME, servers: [{ serverId }] });
}
