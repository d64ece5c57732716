"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api/fetch";
import { useAuth } from "@/lib/auth/auth-provider";
import { FREE_SUBSCRIPTION, type Subscription } from "@/lib/plans/table";

export const subscriptionKeys = {
  /** Per user: a new sign-in must not see the previous user's plan. */
  current: (uid: string | undefined) => ["subscription", uid ?? null] as const,
};

/**
 * The user's subscription: a 401 is refreshed and retried once by the API
 * client; any other failure reads as the free default.
 */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription> {
  try {
    return await apiGet<Subscription>("/api/user/subscription", { signal });
  } catch {
    return FREE_SUBSCRIPTION;
  }
}

/**
 * Fetched only when the user and a token exist (a signed-in Firebase user is
 * what yields the token); otherwise the free default applies.
 */
export function useSubscription(): { subscription: Subscription; loading: boolean; fetched: boolean } {
  const { user, firebaseUser } = useAuth();
  const enabled = Boolean(user && firebaseUser);
  const query = useQuery({
    queryKey: subscriptionKeys.current(user?.uid),
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled,
  });
  const data = enabled ? query.data : undefined;
  return { subscription: data ?? FREE_SUBSCRIPTION, loading: enabled && query.isPending, fetched: data !== undefined };
}
