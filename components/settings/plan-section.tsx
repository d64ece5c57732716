import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DemoSignUp } from "@/components/app/demo-sign-up";
import { Button } from "@/components/ui/button";
import { FEATURES, PLANS, PRO_REQUEST_PATH, type Feature } from "@/lib/plans/table";
import type { UserSettings } from "@/lib/settings/schema";
import { SettingsSection } from "./settings-section";

const FEATURE_LABELS: Record<Feature, string> = {
  fullMonitoring: "Full monitoring: uptime beyond 24 hours, more status pages, incident updates",
  fullScanner: "Full scanner: every rule, baselines and scan history",
  dataExport: "Data export: CSV and JSON of activity, checks and findings",
};

/** What a demo account's plan does of a feature, where it does less than the plan it copies (it publishes no status pages). */
const DEMO_FEATURE_LABELS: Partial<Record<Feature, string>> = {
  fullMonitoring: "Full monitoring: uptime beyond 24 hours (status pages need an account of your own)",
};

function Meter({ label, used, limit, note }: { label: string; used: number; limit: number; note?: string }) {
  const pct = Math.min(100, Math.round((used / Math.max(1, limit)) * 100));
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span>
          {used.toLocaleString("en-US")} of {limit.toLocaleString("en-US")}
        </span>
      </div>
      <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className={pct >= 90 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${pct}%` }} />
      </div>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

/** `demo`: a demo visitor's account, which no plan change outlives: it ends, erased, when its plan does. */
export function PlanSection({ plan, usage, demo = false }: Pick<UserSettings, "plan" | "usage"> & { demo?: boolean }) {
  const upgrade = `/support?category=billing&subject=${encodeURIComponent("Change my plan")}`;
  return (
    <SettingsSection id="plan" title="Plan and usage" description="What your plan includes and how much of it you use.">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-lg font-semibold">{plan.label}</span>
        {plan.active ? <Badge>Active</Badge> : null}
        <span className="text-sm text-muted-foreground">
          {demo
            ? `Until ${plan.expiresAt ? `${plan.expiresAt.slice(0, 16).replace("T", " ")} UTC` : "tomorrow"}; then this account is erased with everything in it.`
            : plan.active
              ? plan.expiresAt
                ? `Until ${new Date(plan.expiresAt).toISOString().slice(0, 10)}; then back to the free tier.`
                : "No end date."
              : "The free tier never expires."}
        </span>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Meter label="Servers" used={usage.servers.used} limit={usage.servers.limit} />
        <Meter
          label="Workbench calls today"
          used={usage.workbenchCallsToday.used}
          limit={usage.workbenchCallsToday.limit}
          note={`The count starts again at ${usage.workbenchCallsToday.resetsAt.slice(11, 16)} UTC.`}
        />
        <Meter
          label="Gateway calls today"
          used={usage.gatewayCallsToday.used}
          limit={usage.gatewayCallsToday.limit}
          note={`Calls of agents through all your gateways; the count starts again at ${usage.gatewayCallsToday.resetsAt.slice(11, 16)} UTC.`}
        />
      </div>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Plan features">
        {FEATURES.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true">{plan.features[f] ? "✓" : "—"}</span>
            <span className={plan.features[f] ? undefined : "text-muted-foreground"}>
              {(demo && DEMO_FEATURE_LABELS[f]) || FEATURE_LABELS[f]}
              <span className="sr-only">{plan.features[f] ? " (included)" : " (not included)"}</span>
            </span>
          </li>
        ))}
      </ul>
      {demo ? (
        <DemoSignUp
          notice
          message="A demo account shows what Pro has, on the demo's MCP server. To add your own servers, get alerts, publish status pages and keep your work, create a free account."
        />
      ) : plan.tier !== "enterprise" ? (
        <p className="text-sm text-muted-foreground">
          {plan.tier === "free tier"
            ? `Pro raises the limits to ${PLANS.pro.maxServers} servers and ${PLANS.pro.workbenchCallsPerDay.toLocaleString("en-US")} workbench calls a day and includes every feature above.`
            : `Enterprise raises the limits to ${PLANS.enterprise.maxServers.toLocaleString("en-US")} servers and ${PLANS.enterprise.workbenchCallsPerDay.toLocaleString("en-US")} workbench calls a day.`}{" "}
          {plan.tier === "free tier"
            ? "To get Pro, send a request: it reaches the team's support inbox and they switch your account."
            : "To change your plan, ask the team: your request reaches their support inbox."}
        </p>
      ) : null}
      {demo ? null : (
        <div className="flex flex-wrap gap-2">
          {plan.tier === "free tier" ? (
            <Button asChild>
              <Link href={PRO_REQUEST_PATH}>Request Pro</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link href={upgrade}>Ask about a plan change</Link>
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
