import { z } from "zod";
import { isoTime } from "../api-contract/fields";

/**
 * The one plans table. Every limit and feature gate in the product reads it;
 * the landing page's pricing table is generated from it.
 */

export const PLAN_IDS = ["free tier", "pro", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * What the paid plans add. Every plan, Free too, alerts by email and one
 * webhook (`allows.alerts`) and has a public status page (`maxStatusPages`);
 * fullMonitoring adds uptime and charts beyond 24 hours, incident updates on
 * status pages and more of them.
 */
export const FEATURES = ["fullMonitoring", "fullScanner", "dataExport"] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * What an account may do at all: every plan allows all of it. A demo
 * visitor's account (lib/plans/demo.ts), which anyone gets without signing
 * up, is denied what would let an anonymous visitor reach addresses of their
 * choosing or publish on the console's domain: servers other than the demo's
 * (adding, importing, testing a connection), email and webhook alerts,
 * publishing (status pages and what they show), and API tokens other than
 * Gateways tokens.
 */
export const CAPABILITIES = ["ownServers", "alerts", "publishing", "apiTokens"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface Plan {
  id: PlanId;
  label: string;
  priceUsdMonthly: number | null;
  maxServers: number;
  /**
   * Public status pages an account may hold. Free has one; a paid plan as
   * many as it has servers (a page each). A plan that lapses keeps its oldest
   * published pages up to this number (lib/status-pages/public.ts).
   */
  maxStatusPages: number;
  minCheckIntervalSec: number;
  /**
   * Alert channels besides the account's email address: its settings webhook
   * and its notification channels (Slack, Teams, PagerDuty… and signed
   * webhooks) together. Free's one is "email and one webhook". A plan that
   * lapses sends to its oldest channels up to this number.
   */
  maxAlertChannels: number;
  historyRetentionDays: number;
  workbenchCallsPerDay: number;
  maxGateways: number;
  /** Calls through all of the account's gateways in a UTC day. */
  gatewayCallsPerDay: number;
  /** Calls through one gateway in a minute: a runaway agent loop stops here, not at the day's quota. */
  gatewayCallsPerMinute: number;
  /**
   * Requests of any method (calls, lists, pings, notifications, session opens
   * and ends) a minute, counted twice: through one gateway, and by one token
   * or OAuth app across the account's gateways. Five times the calls a
   * minute: room for the lists, pings and answers around each call, while
   * every write a client causes stays bounded.
   */
  gatewayRequestsPerMinute: number;
  /**
   * Stdio servers whose processes run at once on one instance (lib/upstream/stdio-process.ts):
   * each is a sandbox with up to 512 MiB of memory. An idle one gives way to a new one first.
   */
  maxStdioProcesses: number;
  features: Record<Feature, boolean>;
  allows: Record<Capability, boolean>;
}

const DAY_SEC = 24 * 3600;
const EVERYTHING: Record<Capability, boolean> = { ownServers: true, alerts: true, publishing: true, apiTokens: true };

export const PLANS: Record<PlanId, Plan> = {
  "free tier": {
    id: "free tier",
    label: "Free",
    priceUsdMonthly: 0,
    maxServers: 3,
    maxStatusPages: 1,
    minCheckIntervalSec: 5 * 60,
    maxAlertChannels: 1,
    historyRetentionDays: 1,
    workbenchCallsPerDay: 200,
    maxGateways: 3,
    gatewayCallsPerDay: 1_000,
    gatewayCallsPerMinute: 120,
    gatewayRequestsPerMinute: 600,
    maxStdioProcesses: 2,
    features: { fullMonitoring: false, fullScanner: false, dataExport: false },
    allows: EVERYTHING,
  },
  pro: {
    id: "pro",
    label: "Pro",
    priceUsdMonthly: 19,
    maxServers: 50,
    maxStatusPages: 50,
    minCheckIntervalSec: 60,
    maxAlertChannels: 25,
    historyRetentionDays: 90,
    workbenchCallsPerDay: 10_000,
    maxGateways: 25,
    gatewayCallsPerDay: 100_000,
    gatewayCallsPerMinute: 3_000,
    gatewayRequestsPerMinute: 15_000,
    maxStdioProcesses: 10,
    features: { fullMonitoring: true, fullScanner: true, dataExport: true },
    allows: EVERYTHING,
  },
  enterprise: {
    id: "enterprise",
    label: "Enterprise",
    priceUsdMonthly: null,
    maxServers: 1_000,
    maxStatusPages: 1_000,
    minCheckIntervalSec: 30,
    maxAlertChannels: 250,
    historyRetentionDays: 400,
    workbenchCallsPerDay: 100_000,
    maxGateways: 250,
    gatewayCallsPerDay: 1_000_000,
    gatewayCallsPerMinute: 60_000,
    gatewayRequestsPerMinute: 300_000,
    maxStdioProcesses: 50,
    features: { fullMonitoring: true, fullScanner: true, dataExport: true },
    allows: EVERYTHING,
  },
};

export const historyRetentionSec = (plan: Plan) => plan.historyRetentionDays * DAY_SEC;

/**
 * How one gets Pro: there is no checkout. A support ticket (category
 * billing) asks for it; it lands in the administrators' support inbox, and an
 * administrator sets the plan. A visitor passes through sign-in or
 * registration first and comes back to the prefilled ticket.
 */
export const PRO_REQUEST_PATH = `/support?category=billing&subject=${encodeURIComponent("Please switch my account to the Pro plan")}`;

/** Each feature, on or off. */
export const featureFlags = z.object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<Feature, z.ZodBoolean>);

/** The subscription, as `GET /api/user/subscription` returns it (and the settings' `plan`, with its label). */
export const subscription = z.object({
  tier: z.enum(PLAN_IDS),
  active: z.boolean(),
  expiresAt: isoTime.nullable(),
  features: featureFlags,
});
export type Subscription = z.infer<typeof subscription>;

export const FREE_SUBSCRIPTION: Subscription = {
  tier: "free tier",
  active: false,
  expiresAt: null,
  features: { ...PLANS["free tier"].features },
};

/**
 * The subscription a user's stored plan amounts to at `now`: a paid plan past
 * its expiry reads as the free default.
 */
export function effectiveSubscription(
  plan: PlanId,
  expiresAt: Date | null,
  now: Date = new Date(),
): Subscription {
  if (plan === "free tier" || (expiresAt && expiresAt.getTime() <= now.getTime())) {
    return { ...FREE_SUBSCRIPTION, features: { ...FREE_SUBSCRIPTION.features } };
  }
  return {
    tier: plan,
    active: true,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    features: { ...PLANS[plan].features },
  };
}
