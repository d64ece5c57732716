"use client";

import { Sparkles } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DEMO_PLAN } from "@/lib/plans/demo";
import { PLAN_IDS, PLANS, type Feature, type PlanId } from "@/lib/plans/table";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { DemoSignUp } from "./demo-sign-up";
import { formatEvery } from "./format-time";

const NEXT_PLAN: Record<PlanId, PlanId | null> = { "free tier": "pro", pro: "enterprise", enterprise: null };

/** The first plan that has `feature`, named the way the plans table names it. */
export function planLabelWith(feature: Feature): string {
  const id = PLAN_IDS.find((p) => PLANS[p].features[feature]);
  return id ? PLANS[id].label : "a paid";
}

/** What the next plan up would unlock, read from the one plans table. */
export function nextPlanPitch(tier: PlanId): string | null {
  const next = NEXT_PLAN[tier];
  if (!next) return null;
  const plan = PLANS[next];
  const extras = [
    `up to ${plan.maxServers.toLocaleString("en")} servers`,
    `${plan.maxGateways.toLocaleString("en")} gateways`,
    `checks ${formatEvery(plan.minCheckIntervalSec)}`,
    plan.features.fullMonitoring && !PLANS[tier].features.fullMonitoring ? `uptime beyond 24 hours, ${plan.maxStatusPages.toLocaleString("en")} status pages` : null,
    plan.features.fullScanner && !PLANS[tier].features.fullScanner ? "every scanner rule" : null,
    plan.features.dataExport && !PLANS[tier].features.dataExport ? "exports" : null,
  ].filter(Boolean);
  return `${plan.label} gives you ${extras.join(", ")}.`;
}

/** Shown where the plan stops the user: why, and what upgrading would change (a demo account cannot upgrade: it is offered sign-up). */
export function PlanUpsell({ message, compact = false }: { message: string; compact?: boolean }) {
  const { subscription, plan } = useSubscription();
  if (plan === DEMO_PLAN) return <DemoSignUp message={message} />;
  const pitch = nextPlanPitch(subscription.tier);
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-lg border border-primary/40 bg-accent p-4 text-sm text-accent-foreground">
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{message}</p>
        {pitch && !compact ? <p className="mt-1">{pitch}</p> : null}
      </div>
      <Button asChild size="sm" variant={compact ? "outline" : "default"}>
        <Link href="/settings#plan">See plans</Link>
      </Button>
    </div>
  );
}
