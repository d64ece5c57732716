import Link from "next/link";
import { Check, Minus } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { PLAN_IDS, PLANS, PRO_REQUEST_PATH, type Plan } from "@/lib/plans/table";
import { cn } from "@/lib/utils";

const nf = new Intl.NumberFormat("en-US");

function interval(sec: number) {
  return sec >= 60 ? `${sec / 60} min` : `${sec} s`;
}

function retention(days: number) {
  return days === 1 ? "24 hours" : `${nf.format(days)} days`;
}

/** A row's label after its number: lower case, but an acronym ("MCP servers") kept. */
const asNoun = (label: string) => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** A row: a number with its noun (the label, which may depend on the number), or whether the plan has it. */
const ROWS: { label: string | ((p: Plan) => string); value: (p: Plan) => string | boolean }[] = [
  { label: "MCP servers", value: (p) => nf.format(p.maxServers) },
  { label: "Shortest check interval", value: (p) => interval(p.minCheckIntervalSec) },
  { label: "Check history kept", value: (p) => retention(p.historyRetentionDays) },
  { label: "Workbench calls a day", value: (p) => nf.format(p.workbenchCallsPerDay) },
  { label: "Gateways", value: (p) => nf.format(p.maxGateways) },
  { label: "Gateway calls a day", value: (p) => nf.format(p.gatewayCallsPerDay) },
  { label: "Stdio servers running at once", value: (p) => nf.format(p.maxStdioProcesses) },
  {
    label: (p) => `${p.maxAlertChannels === 1 ? "alert channel" : "alert channels"} besides email (signed webhook, Slack, Discord, Teams, PagerDuty, ntfy, Telegram)`,
    value: (p) => nf.format(p.maxAlertChannels),
  },
  { label: (p) => (p.maxStatusPages === 1 ? "Public status page" : "Public status pages"), value: (p) => nf.format(p.maxStatusPages) },
  { label: "Uptime beyond 24 hours and incident updates", value: (p) => p.features.fullMonitoring },
  { label: "Every scanner rule, baselines and scan history", value: (p) => p.features.fullScanner },
  { label: "CSV and JSON export", value: (p) => p.features.dataExport },
];

/** How each plan is had: no checkout, so the table says who switches it on. */
const HOW_TO_GET: Record<Plan["id"], string> = {
  "free tier": "Create an account: every account starts on Free.",
  pro: "Sign in (or create a free account) and send the request; it reaches our team's inbox and we switch your account to Pro.",
  enterprise: "Write to us through the contact form and we agree the limits with you.",
};

/** The pricing table, generated from the one plans table in lib/plans/table.ts. */
export function PricingTable() {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const featured = id === "pro";
        return (
          <section
            key={id}
            aria-labelledby={`plan-${plan.label}`}
            className={cn("flex flex-col rounded-xl border bg-card p-6 text-card-foreground", featured && "border-primary shadow-lg")}
          >
            <h3 id={`plan-${plan.label}`} className="text-lg font-semibold">
              {plan.label}
            </h3>
            <p className="mt-2 text-3xl font-bold">
              {plan.priceUsdMonthly === null ? "Custom" : `$${plan.priceUsdMonthly}`}
              {plan.priceUsdMonthly ? <span className="text-base font-normal text-muted-foreground"> / month</span> : null}
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {ROWS.map((row, i) => {
                const v = row.value(plan);
                const label = typeof row.label === "string" ? row.label : row.label(plan);
                return (
                  <li key={i} className="flex items-start gap-2">
                    {v === false ? (
                      <Minus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    ) : (
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    )}
                    <span>
                      {typeof v === "string" ? (
                        <>
                          <strong className="font-semibold">{v}</strong> {asNoun(label)}
                        </>
                      ) : (
                        <>
                          {label}
                          {v ? "" : " (not included)"}
                        </>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="mt-6 text-sm text-muted-foreground">{HOW_TO_GET[id]}</p>
            <Link
              prefetch={false}
              href={id === "enterprise" ? "/contact" : id === "pro" ? PRO_REQUEST_PATH : "/auth/register"}
              className={cn(buttonVariants({ variant: featured ? "default" : "outline" }), "mt-4")}
            >
              {id === "enterprise" ? "Talk to us" : id === "pro" ? "Request Pro" : "Start free"}
            </Link>
          </section>
        );
      })}
    </div>
  );
}
