import { Check, ChevronRight } from "lucide-react";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DashboardSummary } from "@/lib/dashboard/types";
import { cn } from "@/lib/utils";

type Step = { key: keyof DashboardSummary["onboarding"]; title: string; detail: string; href: string };

const STEPS: Step[] = [
  { key: "addedServer", title: "Add a server", detail: "Register an MCP server by its URL and test the connection.", href: "/servers/new" },
  { key: "ranTool", title: "Run a tool", detail: "Call one of its tools in the workbench and see the raw exchange.", href: "/workbench" },
  { key: "enabledAlerts", title: "Turn on alerts", detail: "Choose where alerts go (email or a webhook) and keep a server monitored.", href: "/settings#notifications" },
];

/** A plan that sends no alerts (a demo account's) is not asked to turn them on: it is told where they are had. */
const NO_ALERTS_STEP: Step = { key: "enabledAlerts", title: "Alerts need an account", detail: "Demo accounts send no alerts; a free account alerts by email or webhook.", href: "/settings#notifications" };

/** `enabledAlerts` is done when alerts would reach someone: a channel set up and a server monitored (lib/dashboard/service.ts). */
export function OnboardingChecklist({ onboarding, alertsAllowed }: { onboarding: DashboardSummary["onboarding"]; alertsAllowed: boolean }) {
  const steps = alertsAllowed ? STEPS : STEPS.map((s) => (s.key === "enabledAlerts" ? NO_ALERTS_STEP : s));
  const done = steps.filter((s) => onboarding[s.key]).length;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Get started
        </CardTitle>
        <CardDescription>
          {done} of {steps.length} done
        </CardDescription>
        <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-1" aria-label="Onboarding checklist">
          {steps.map((step, i) => {
            const complete = onboarding[step.key];
            return (
              <li key={step.key}>
                <Link
                  href={step.href}
                  className="group flex items-start gap-3 rounded-lg p-2 hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  <span
                    className={cn(
                      "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                      complete ? "border-success bg-success text-success-foreground" : "border-input text-muted-foreground",
                    )}
                  >
                    {complete ? <Check aria-hidden="true" className="size-3.5" /> : i + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={cn("block text-sm font-medium", complete && "text-muted-foreground line-through")}>{step.title}</span>
                    <span className="block text-xs text-muted-foreground">{step.detail}</span>
                    <span className="sr-only">{complete ? " (done)" : " (to do)"}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="mt-1 size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
                </Link>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
