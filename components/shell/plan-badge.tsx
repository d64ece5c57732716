"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { useSubscription } from "@/lib/subscription/use-subscription";

/**
 * The user's plan in the header, leading to where it is managed. Shown only
 * once the plan was actually read: without a browser identity (a session
 * cookie alone) the subscription is not fetched, and the free default it
 * falls back to would name the wrong plan for a paying user.
 */
export function PlanBadge() {
  const { subscription, plan, fetched } = useSubscription();
  if (!fetched) return null;
  return (
    <Link href="/settings#plan" aria-label={`Plan: ${plan.label}. Manage your plan`}>
      <Badge variant={subscription.active ? "default" : "secondary"}>{plan.label}</Badge>
    </Link>
  );
}
