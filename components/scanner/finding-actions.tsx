"use client";

import { RotateCcw, ThumbsDown } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { RelativeTime } from "@/components/app/relative-time";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useDecideFinding } from "@/lib/scanner/decision-hooks";
import type { FindingDecisionBody, FindingDecisionDto, FindingDto } from "@/lib/scanner/schema";
import { AcceptFindingDialog } from "./accept-finding-dialog";
import { TARGET_LABEL } from "./severity-meta";

export const DECISION_LABEL: Record<FindingDecisionDto["status"], string> = { accepted: "Accepted", false_positive: "False positive" };

/** Who decided what, when, and why. */
export function DecisionNote({ decision }: { decision: FindingDecisionDto }) {
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">{DECISION_LABEL[decision.status]}</span>
        {decision.decidedBy ? <> by {decision.decidedBy}</> : null} <RelativeTime iso={decision.decidedAt} />
      </p>
      {decision.reason ? <p className="mt-1 border-l-2 pl-2 break-words">{decision.reason}</p> : null}
    </div>
  );
}

/** "“Hidden content” in tool add at /description", read after a button's visible text so that each button names its finding. */
const placeOf = (f: FindingDto) =>
  `“${f.ruleTitle}” in ${TARGET_LABEL[f.target.kind].toLowerCase()} ${f.target.name}${f.target.path ? ` at ${f.target.path}` : ""}`;

/**
 * What can be done with one finding: accept it or mark it as a false positive
 * while it is open (`canDecide`: the full scanner), reopen it once decided
 * (any plan).
 */
export function FindingActions({ serverId, finding, canDecide }: { serverId: string; finding: FindingDto; canDecide: boolean }) {
  const decide = useDecideFinding(serverId);
  const [failure, setFailure] = useState<string | null>(null);
  const where = placeOf(finding);

  async function send(body: FindingDecisionBody, done: string) {
    setFailure(null);
    try {
      await decide.mutateAsync({ fingerprint: finding.fingerprint, body });
      toast({ title: done });
    } catch (err) {
      setFailure(failureMessage(err));
    }
  }

  if (!finding.decision && !canDecide) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {finding.decision ? (
          <BusyButton
            type="button"
            variant="outline"
            size="sm"
            busy={decide.isPending}
            busyLabel="Reopening"
            icon={<RotateCcw aria-hidden="true" />}
            onClick={() => void send({ status: "open" }, "Finding reopened")}
          >
            Reopen<span className="sr-only"> finding {where}</span>
          </BusyButton>
        ) : (
          <>
            <AcceptFindingDialog serverId={serverId} finding={finding} where={`finding ${where}`} />
            <BusyButton
              type="button"
              variant="outline"
              size="sm"
              busy={decide.isPending}
              busyLabel="Marking as a false positive"
              icon={<ThumbsDown aria-hidden="true" />}
              onClick={() => void send({ status: "false_positive" }, "Marked as a false positive")}
            >
              False positive<span className="sr-only"> finding {where}</span>
            </BusyButton>
          </>
        )}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
