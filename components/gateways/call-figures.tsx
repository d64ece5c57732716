import type { GatewayCallStats } from "@/lib/gateways/schema";
import { cn } from "@/lib/utils";
import { errorRate } from "./stats-series";

/** The range's totals in large figures above the charts; a figure turns to its colour when it is not zero. */
export function CallFigures({ totals }: { totals: GatewayCallStats["totals"] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      <Figure label="Calls" value={totals.calls} />
      <Figure label="Errors" value={totals.errors} tone="text-destructive" note={errorRate(totals)} />
      <Figure label="Blocked" value={totals.blocked} tone="text-warning" note="refused by the policy" />
    </dl>
  );
}

function Figure({ label, value, tone, note }: { label: string; value: number; tone?: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-3 sm:px-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("text-2xl font-semibold tabular-nums", value > 0 && tone)}>{value.toLocaleString("en")}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}
