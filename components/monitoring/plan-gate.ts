import { FREE_UPTIME_WINDOWS, type UptimeWindow } from "@/lib/monitoring/schema";
import type { Subscription } from "@/lib/plans/table";

/** Whether the subscription may read `window`; the API has the last word (403 plan_required). */
export function windowAllowed(subscription: Subscription, window: UptimeWindow): boolean {
  return subscription.features.fullMonitoring || FREE_UPTIME_WINDOWS.includes(window);
}
