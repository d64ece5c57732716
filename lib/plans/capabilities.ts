import "server-only";
import { demoAccount } from "../http/errors";
import { plural } from "../plural";
import { isDemoAccount } from "./demo";
import { planOf, type PlanHolder } from "./holder";
import type { Capability } from "./table";

/**
 * What an account's plan does not allow (`allows`, lib/plans/table.ts: only
 * a demo account's), refused with 403 `demo_account`: why, and that a free
 * account does it. The console shows the message with a way to sign up.
 */

const WHY = "Demo accounts are open to anyone without signing up, so";

const REFUSALS: Record<Capability, string> = {
  ownServers: `${WHY} they connect to the demo's MCP server only. Create a free account to add, import and test servers of your own.`,
  alerts: `${WHY} they send no email or webhook alerts. Create a free account to be alerted.`,
  publishing: `${WHY} they publish nothing of their own: no new status pages, and no change to what the demo's page shows (its title, address and servers, server names, maintenance notes, incident updates). Create a free account to publish your own.`,
  apiTokens: `${WHY} their only tokens are Gateways tokens, for the demo's gateways. Create a free account for read and write API tokens.`,
};

/** Throws 403 `demo_account` when the holder's plan does not allow `capability`. */
export function assertAllowed(holder: PlanHolder, capability: Capability): void {
  if (!planOf(holder).allows[capability]) throw demoAccount(REFUSALS[capability]);
}

/** The refusal of one server more than a plan without `ownServers` holds. */
export const demoServersFull = (maxServers: number) =>
  demoAccount(`${WHY} they hold ${plural(maxServers, "copy", "copies")} of the demo's MCP server at most. Delete one to add it again, or create a free account to add servers of your own.`);

/**
 * The latest a token of the holder's may expire: a demo account's tokens end
 * with the account, when housekeeping erases it (its subscription ends then:
 * lib/auth/demo.ts); null for every other account.
 */
export const tokensEndBy = (holder: PlanHolder): Date | null => (isDemoAccount(holder.uid) ? holder.subscriptionExpiresAt : null);
