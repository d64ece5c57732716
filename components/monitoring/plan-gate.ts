import { FREE_UPTIME_WINDOWS, type UptimeWindow } from "@/lib/monitoring/schema";
import { PLAN_IDS, PLANS, type Feature, type Subscription } from "@/lib/plans/table";

/** The first plan that has `feature`, named the way the plans table names it. */
export function planLabelWith(feature: Feature): string {
  const id = PLAN_IDS.find((p) => PLANS[p].features[feature]);
  return id ? PLANS[id].label : "a paid";
}

/** Whether the subscription may read `window`; the API has the last word (403 plan_required). */
export function windowAllowed(subscription: Subscription, window: UptimeWindow): boolean {
  return subscription.features.fullMonitoring || FREE_UPTIME_WINDOWS.includes(window);
}
