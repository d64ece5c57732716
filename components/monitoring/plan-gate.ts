import { FREE_UPTIME_WINDOWS, type LatencyRange } from "@/lib/monitoring/schema";
import type { Subscription } from "@/lib/plans/table";

/** Whether the subscription may read `window`; the API has the last word (403 plan_required). */
export function windowAllowed(subscription: Subscription, window: LatencyRange): boolean {
  // An hour or six are within the day every plan reads.
  return subscription.features.fullMonitoring || window === "1h" || window === "6h" || (FREE_UPTIME_WINDOWS as readonly string[]).includes(window);
}
