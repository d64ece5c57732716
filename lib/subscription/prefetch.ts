import "server-only";
import { effectiveSubscription, type PlanId, type Subscription } from "../plans/table";
import type { PrefetchQuery } from "../query/prefetch";
import { subscriptionKeys } from "./keys";

/** `useSubscription()`, as GET /api/user/subscription answers: every console page starts with the plan, never a Free-plan guess. */
export function subscriptionPrefetch(user: { uid: string; subscriptionPlan: PlanId; subscriptionExpiresAt: Date | null }): PrefetchQuery<Subscription> {
  return { queryKey: subscriptionKeys.current(user.uid), load: async () => effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt) };
}
