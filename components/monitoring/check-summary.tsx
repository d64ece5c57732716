import { formatMs } from "@/components/app/format-time";
import { RelativeTime } from "@/components/app/relative-time";
import type { CheckDto } from "@/lib/monitoring/schema";
import { cn } from "@/lib/utils";
import { CHECK_RESULT_META } from "./check-result";
import { CheckPhases } from "./check-phases";
import { TRIGGER_LABEL } from "./check-trigger";

export function CheckResultBadge({ result }: { result: CheckDto["result"] }) {
  const meta = CHECK_RESULT_META[result];
  const Icon = meta.icon;
  return (
    <span className={cn("inline-flex w-fit shrink-0 items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap", meta.badgeClass)}>
      <Icon aria-hidden="true" className="size-3" />
      {meta.label}
    </span>
  );
}

/** One check: when, how it went, how long each phase took and, when it went wrong, why. */
export function CheckSummary({ check }: { check: CheckDto }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <CheckResultBadge result={check.result} />
        <span className="font-medium tabular-nums">{formatMs(check.latencyMs)}</span>
        <span className="text-muted-foreground">
          <RelativeTime iso={check.startedAt} />
        </span>
        <span className="text-xs text-muted-foreground">{TRIGGER_LABEL[check.trigger]}</span>
        {check.toolsChanged ? <span className="text-xs font-medium text-warning">Tool list changed</span> : null}
      </div>
      {check.reason ? <p className={cn("text-sm break-words", CHECK_RESULT_META[check.result].textClass)}>{check.reason}</p> : null}
      {/* A discovery times its handshake only: its phases were not measured, rather than "not reached". */}
      {check.trigger === "discovery" ? null : <CheckPhases phases={check.phases} />}
    </div>
  );
}
