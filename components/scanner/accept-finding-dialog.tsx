"use client";

import { CircleCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { DialogFrame, DialogSubmitFooter } from "@/components/app/dialog-frame";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useDecideFinding } from "@/lib/scanner/decision-hooks";
import { MAX_DECISION_REASON, type FindingDto } from "@/lib/scanner/schema";
import { TARGET_LABEL } from "./severity-meta";

/** Accepting asks why: the reason stays with the finding for whoever reads it later, and in the activity log. */
export function AcceptFindingDialog({ serverId, finding, where }: { serverId: string; finding: FindingDto; where: string }) {
  const decide = useDecideFinding(serverId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!reason.trim()) {
      setError("Say why this finding is accepted.");
      return;
    }
    setError(null);
    try {
      await decide.mutateAsync({ fingerprint: finding.fingerprint, body: { status: "accepted", reason: reason.trim() } });
      setOpen(false);
      setReason("");
      toast({ title: "Finding accepted", description: "It is listed under Set aside and left out of the counts, in later scans too." });
    } catch (err) {
      setFailure(failureMessage(err));
    }
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setError(null);
          setFailure(null);
        }
      }}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <CircleCheck aria-hidden="true" />
          Accept…<span className="sr-only"> {where}</span>
        </Button>
      }
      title="Accept this finding?"
      description={
        <>
          “{finding.ruleTitle}” in {TARGET_LABEL[finding.target.kind].toLowerCase()} <span className="font-mono break-all">{finding.target.name}</span>. An
          accepted finding is listed apart and left out of the counts, in this scan and in every later scan that finds the same thing. If what is found
          changes, it is a new finding.
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
        <Field label="Why is this risk acceptable?" required error={error} hint={`Kept with the finding and in the activity log; at most ${MAX_DECISION_REASON} characters.`}>
          {(control) => (
            <Textarea
              {...control}
              autoFocus
              value={reason}
              maxLength={MAX_DECISION_REASON}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Reviewed with the server's authors: the file is read locally and never sent."
            />
          )}
        </Field>
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <DialogSubmitFooter busy={decide.isPending} busyLabel="Accepting" icon={<CircleCheck aria-hidden="true" />}>
          Accept finding
        </DialogSubmitFooter>
      </form>
    </DialogFrame>
  );
}
