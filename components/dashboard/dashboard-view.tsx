"use client";

import { ArrowRight, Server, ShieldAlert, TriangleAlert, Waypoints, Wrench } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { AddServerButton } from "@/components/servers/add-server-button";
import { CardSection } from "@/components/app/card-section";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboardSummary } from "@/lib/dashboard/hooks";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { FleetHealth } from "./fleet-health";
import { OnboardingChecklist } from "./onboarding-checklist";
import { PausedAlerts } from "./paused-alerts";
import { RecentActivity } from "./recent-activity";
import { SecurityOverview } from "./security-overview";
import { StatusOverview } from "./status-overview";

function StatCard({ label, value, detail, icon: Icon, href }: { label: string; value: string; detail: ReactNode; icon: typeof Server; href: string }) {
  return (
    <Card className="gap-2 py-5">
      <CardContent className="flex flex-col gap-1 px-5">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <Link href={href} className="rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
            {label}
          </Link>
          <Icon aria-hidden="true" className="size-4 shrink-0" />
        </div>
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

export function DashboardView() {
  const summary = useDashboardSummary();
  const alertsAllowed = useSubscription().plan.allows.alerts;

  if (summary.isPending) return <DashboardSkeleton />;
  if (summary.isError) {
    return <LoadError what="the dashboard" query={summary} />;
  }

  const { servers, tools, recentActivity, onboarding, fleet, findings, gateways } = summary.data;
  const allDone = onboarding.addedServer && onboarding.ranTool && onboarding.enabledAlerts;
  const attention = servers.byStatus.down + servers.byStatus.degraded;

  if (servers.total === 0) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="flex flex-col items-start gap-4 rounded-xl border border-dashed p-8" aria-labelledby="welcome-heading">
          <Server aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 id="welcome-heading" className="text-xl font-semibold">
            Welcome to MCP Console
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Register the MCP servers you rely on. The console connects to them from its backend, lists their tools, resources and prompts,
            lets you call them in the workbench and watches their health.
          </p>
          <AddServerButton label="Add your first server" />
        </section>
        <OnboardingChecklist onboarding={onboarding} alertsAllowed={alertsAllowed} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PausedAlerts />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Servers"
          value={servers.total.toLocaleString("en")}
          detail={`of ${servers.limit.toLocaleString("en")} on your plan`}
          icon={Server}
          href="/servers"
        />
        <StatCard label="Tools" value={tools.toLocaleString("en")} detail="across all your servers" icon={Wrench} href="/workbench" />
        <StatCard
          label="Need attention"
          value={attention.toLocaleString("en")}
          detail={attention === 0 ? "No server is down or degraded" : "down or degraded"}
          icon={TriangleAlert}
          href={servers.byStatus.down > 0 ? "/servers?status=down" : servers.byStatus.degraded > 0 ? "/servers?status=degraded" : "/servers"}
        />
        <StatCard
          label="Gateways"
          value={gateways.total.toLocaleString("en")}
          detail={
            <>
              {gateways.total === 0
                ? "One endpoint for your agents"
                : gateways.blocked24h === 0
                  ? "No call blocked in 24 h"
                  : `${gateways.blocked24h.toLocaleString("en")} ${gateways.blocked24h === 1 ? "call" : "calls"} blocked in 24 h`}
              {gateways.holding > 0 ? (
                <Link
                  href="/gateways"
                  className="mt-1 flex w-fit items-center gap-1 rounded-sm font-medium text-warning hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  <ShieldAlert aria-hidden="true" className="size-3.5 shrink-0" />
                  {gateways.holding === 1 ? "1 gateway holds" : `${gateways.holding.toLocaleString("en")} gateways hold`} blocked or quarantined items
                </Link>
              ) : null}
            </>
          }
          icon={Waypoints}
          href="/gateways"
        />
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <CardSection className="gap-4" title="Servers by status">
          <StatusOverview byStatus={servers.byStatus} total={servers.total} />
        </CardSection>
        <FleetHealth fleet={fleet} />
      </div>

      <CardSection className="gap-4" title="Scanner findings">
        <SecurityOverview findings={findings} />
      </CardSection>

      {/* minmax(0, …) everywhere: a long one-line activity summary must truncate, not widen the page on a phone. */}
      <div className={allDone ? "grid grid-cols-[minmax(0,1fr)] gap-6" : "grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"}>
        <Card className="gap-3">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle as="h2" className="text-base">
              Recent activity
            </CardTitle>
            <Link href="/activity" className="inline-flex items-center gap-1 rounded-sm text-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
              All activity
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </CardHeader>
          <CardContent>
            <RecentActivity items={recentActivity} />
          </CardContent>
        </Card>
        {allDone ? null : <OnboardingChecklist onboarding={onboarding} alertsAllowed={alertsAllowed} />}
      </div>
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <Loading label="Loading the dashboard…" className="flex flex-col gap-6">
      <SkeletonRows count={4} className="h-28" layout="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" />
      <Skeleton className="h-36" />
      <SkeletonRows count={2} className="h-64" layout="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" />
    </Loading>
  );
}
