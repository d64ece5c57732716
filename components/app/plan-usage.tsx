"use client";

import { cn } from "@/lib/utils";
import { PlanUpsell } from "@/components/app/plan-upsell";

/** How many of something (servers, gateways) the plan allows and how many are used; at the limit, what to do about it. */
export function PlanUsage({ total, limit, noun }: { total: number; limit: number; noun: "servers" | "gateways" }) {
  const atLimit = total >= limit;
  const percent = limit > 0 ? Math.min(100, Math.round((total / limit) * 100)) : 100;
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm">
        <span className="whitespace-nowrap text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">{total.toLocaleString("en")}</span> of{" "}
          {limit.toLocaleString("en")} {noun} used
        </span>
        <div
          role="meter"
          aria-label={`${Noun} used of your plan's limit`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(total, limit)}
          aria-valuetext={`${total} of ${limit}`}
          className="h-1.5 w-32 overflow-hidden rounded-full bg-muted"
        >
          <div className={cn("h-full rounded-full", atLimit ? "bg-warning" : "bg-primary")} style={{ width: `${percent}%` }} />
        </div>
      </div>
      {atLimit ? <PlanUpsell compact message={`You are using all ${limit.toLocaleString("en")} ${noun} your plan allows. Upgrade to add more.`} /> : null}
    </div>
  );
}
