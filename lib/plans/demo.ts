import { PLANS, type Plan } from "./table";

/**
 * Who is a demo visitor: lib/auth/demo.ts makes their accounts with this uid
 * prefix, which no identity of the identity provider's own has (those ids are
 * random), and housekeeping erases them by it (lib/demo/expiry.ts).
 */
export const DEMO_UID_PREFIX = "demo-visitor-";

export const isDemoAccount = (uid: string) => uid.startsWith(DEMO_UID_PREFIX);

/**
 * The plan of a demo visitor's account (lib/auth/demo.ts), whatever its
 * stored subscription says. Anyone gets one without signing up, a hundred an
 * hour, each for a day: it shows everything the Pro plan has, on the demo's
 * own MCP server only, with quotas a visit needs and no more. Its account
 * allows nothing that reaches an address of the visitor's choosing or
 * publishes on the console's domain (`allows`: lib/plans/table.ts); its
 * limits keep a day of visitors (about 2,400 accounts) from loading the
 * console: checks every 5 minutes of at most two copies of the demo server
 * are 16 checks a second at most, all of them together.
 */
export const DEMO_PLAN: Plan = {
  ...PLANS.pro,
  label: "Demo",
  priceUsdMonthly: 0,
  // The seeded server, and one more to try adding one (the demo's URL).
  maxServers: 2,
  minCheckIntervalSec: 5 * 60,
  workbenchCallsPerDay: 200,
  maxGateways: 3,
  gatewayCallsPerDay: 1_000,
  gatewayCallsPerMinute: 120,
  gatewayRequestsPerMinute: 600,
  allows: { ownServers: false, alerts: false, publishing: false, apiTokens: false },
};
