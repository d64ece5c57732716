"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PLANS } from "@/lib/plans";
import { useSubscription } from "@/lib/subscription/use-subscription";

/** The user's plan in the header, leading to where it is managed. */
export function PlanBadge() {
  const { subscription, loading } = useSubscription();
  if (loading) return null;
  return (
    <Link href="/settings#plan" aria-label={`Plan: ${PLANS[subscription.tier].label}. Manage your plan`}>
      <Badge variant={subscription.active ? "default" : "secondary"}>{PLANS[subscription.tier].label}</Badge>
    </Link>
  );
}
