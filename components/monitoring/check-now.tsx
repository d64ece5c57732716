"use client";

import { Activity } from "lucide-react";
import { formatMs } from "@/components/app/format-time";
import { failureMessage } from "@/lib/api-client/api-error";
import { STATUS_META } from "./server-status";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCheckNow } from "@/lib/monitoring/hooks";
import type { CheckNowResponse } from "@/lib/monitoring/schema";

/** A reason is a sentence of its own; it gets one full stop, not two. */
const clause = (text: string) => {
  let end = text.length;
  while (end > 0 && (text[end - 1] === "." || /\s/.test(text[end - 1]))) end--;
  return text.slice(0, end);
};

function describe({ check, status }: CheckNowResponse): string {
  const after = `The server is now ${STATUS_META[status].label.toLowerCase()}.`;
  if (check.result === "up") return `Answered in ${formatMs(check.latencyMs)}. ${after}`;
  if (check.result === "degraded") return `Slow: ${clause(check.reason ?? `answered in ${formatMs(check.latencyMs)}`)}. ${after}`;
  return `Failed: ${clause(check.reason ?? "no answer")}. ${after}`;
}

/** Runs one check now and says how it went, in a live region so a screen reader hears it too. */
export function CheckNow({ serverId }: { serverId: string }) {
  const run = useCheckNow(serverId);
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={() => run.mutate()} disabled={run.isPending} className="w-fit">
        {run.isPending ? <Spinner size="sm" className="text-current" aria-label="Checking" /> : <Activity aria-hidden="true" />}
        {run.isPending ? "Checking…" : "Check now"}
      </Button>
      <p role="status" className="min-h-5 text-sm" data-testid="check-now-result">
        {run.isSuccess ? (
          <span className={run.data.check.result === "failed" ? "text-destructive" : undefined}>{describe(run.data)}</span>
        ) : run.isError ? (
          <span className="text-destructive">Could not check: {failureMessage(run.error)}</span>
        ) : null}
      </p>
    </div>
  );
}
