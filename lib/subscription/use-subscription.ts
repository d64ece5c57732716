"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client/fetch";
import { useAuth } from "@/lib/auth/auth-provider";
import { planFor } from "@/lib/plans/holder";
import { FREE_SUBSCRIPTION, type Plan, type Subscription } from "@/lib/plans/table";
import { subscriptionKeys } from "./keys";

/**
 * The signed-in user's subscription. Every console page arrives with it
 * (lib/subscription/prefetch.ts, from the layout); it is asked again as any
 * query is. Only with no user, or before any answer, does the free default
 * apply: a failed refresh keeps the plan already known instead of turning a
 * paying user's pages into upsells. `plan`: the limits it comes with (a demo
 * account's are the demo's, whatever its subscription).
 */
export function useSubscription(): { subscription: Subscription; plan: Plan; loading: boolean; fetched: boolean } {
  const { user } = useAuth();
  const enabled = Boolean(user);
  const query = useQuery({
    queryKey: subscriptionKeys.current(user?.uid),
    queryFn: ({ signal }) => apiGet<Subscription>("/api/user/subscription", { signal }),
    enabled,
  });
  const data = enabled ? query.data : undefined;
  const subscription = data ?? FREE_SUBSCRIPTION;
  return { subscription, plan: planFor(user?.uid ?? "", subscription.tier), loading: enabled && query.isPending, fetched: data !== undefined };
}
