"use client";

import { useState, type ReactElement } from "react";
import { RotateCw, ShieldCheck } from "lucide-react";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import { RelativeTime } from "@/components/app/relative-time";
import { SeverityBadge } from "@/components/scanner/severity-badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError, failureMessage } from "@/lib/api-client/api-error";
import { useApprovalPreview, useApproveDefinitions } from "@/lib/gateways/hooks";
import type { ApprovalItemDto, ApprovalPreviewDto, ApproveInput } from "@/lib/gateways/schema";
import type { Severity } from "@/lib/scanner/types";
import { plural } from "@/lib/plural";
import { DefinitionSidesView } from "./definition-sides-view";

/**
 * Approving, with the change in front of the person: each definition beside
 * the one approved before, the changed parts marked, and the scanner's
 * findings on the new one; then a confirmation. The approval carries what
 * was shown (`seen`), so a definition that changed again meanwhile is
 * refused and shown anew rather than approved unseen. On every plan.
 */

const KIND_LABEL: Record<ApprovalItemDto["kind"], string> = { tool: "Tool", prompt: "Prompt", resource: "Resource", resource_template: "Resource template" };
const CHANGE_LABEL: Record<ApprovalItemDto["change"], string> = { changed: "changed", new: "new", unchanged: "unchanged" };
const RULE_SETS = { basic: "the free plan's rules (instructions aimed at the model, hidden text, transport)", full: "every rule" } as const;

function ScanNote({ scan }: { scan: ApprovalPreviewDto["scan"] }) {
  if (!scan) return <FormAlert tone="info">This server has not been scanned yet: no findings to show. A scan runs after approving.</FormAlert>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        Findings from the scan <RelativeTime iso={scan.at} />, with {RULE_SETS[scan.ruleSet]}.
      </p>
      {scan.current ? null : (
        <FormAlert tone="info">That scan read an earlier version of these definitions: its findings may not cover the change. A scan runs after approving.</FormAlert>
      )}
    </div>
  );
}

function Findings({ item }: { item: ApprovalItemDto }) {
  if (item.findings.length === 0) return <p className="text-sm text-muted-foreground">The scanner has no open finding on the new definition.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Findings on ${item.key}`}>
      {item.findings.map((f) => (
        <li key={f.id} className="flex min-w-0 flex-col gap-1 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={f.severity as Severity} />
            <span className="text-sm font-medium">{f.ruleTitle}</span>
            {f.path ? <code className="font-mono text-xs break-all text-muted-foreground">{f.path}</code> : null}
          </div>
          <pre className="font-mono text-xs whitespace-pre-wrap break-words">{f.evidence}</pre>
          <p className="text-xs text-muted-foreground">{f.remediation}</p>
        </li>
      ))}
    </ul>
  );
}

function Item({ item }: { item: ApprovalItemDto }) {
  return (
    <section aria-label={`${KIND_LABEL[item.kind]} ${item.key}`} className="flex min-w-0 flex-col gap-3 rounded-lg border p-3" data-approval-item={item.key}>
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
        <span className="font-mono break-all">{item.key}</span>
        <span className="text-xs font-normal text-muted-foreground">
          {KIND_LABEL[item.kind]} · {CHANGE_LABEL[item.change]}
          {item.sides && item.change === "changed" ? ` · ${plural(item.sides.changes, "change")} marked` : ""}
        </span>
      </h3>
      {item.sides ? (
        <DefinitionSidesView sides={item.sides} />
      ) : (
        <FormAlert tone="info">This change is too large to lay out here: read the definition in the server&apos;s inventory before approving.</FormAlert>
      )}
      <h4 className="text-sm font-medium">Scanner findings on the new definition</h4>
      <Findings item={item} />
    </section>
  );
}

export function ApproveDialog({
  gatewayId,
  target,
  trigger,
  title,
  action,
  approvedToast,
}: {
  gatewayId: string;
  target: Omit<ApproveInput, "seen">;
  trigger: ReactElement;
  title: string;
  action: string;
  approvedToast: (approved: number) => string;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useApprovalPreview(gatewayId, target, open);
  const approve = useApproveDefinitions(gatewayId);

  function confirm() {
    if (!preview.data) return;
    setError(null);
    approve.mutate(
      { ...target, seen: preview.data.seen },
      {
        onSuccess: (r) => {
          setOpen(false);
          toast({ title: approvedToast(r.approved), description: "Agents see the approved definitions from their next list." });
        },
        onError: (err) => {
          setError(failureMessage(err));
          // Changed again since it was read: show the new change, to be read before approving.
          if (err instanceof ApiError && err.status === 409) void preview.refetch();
        },
      },
    );
  }

  const data = preview.data;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent className="max-w-6xl" aria-busy={preview.isPending && open}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            Read what changed and what the scanner found. Once approved, every gateway that includes this server serves these definitions as they are now.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {preview.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" aria-label="Reading the change" /> Reading the change…
          </div>
        ) : preview.isError ? (
          <FormAlert>
            <p>{failureMessage(preview.error)}</p>
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void preview.refetch()}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </FormAlert>
        ) : data ? (
          <div className="flex min-w-0 flex-col gap-3">
            <ScanNote scan={data.scan} />
            {data.items.length === 0 ? <p className="text-sm">Every definition of {data.serverName} is approved as it is now: nothing changed.</p> : null}
            {data.items.map((item) => (
              <Item key={`${item.kind}:${item.key}`} item={item} />
            ))}
            {data.more > 0 ? (
              <FormAlert tone="info">
                {plural(data.more, "more changed definition")} of {data.serverName} not shown here would be approved too: approve them one by one from the list to
                see each.
              </FormAlert>
            ) : null}
          </div>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <BusyButton
            busy={approve.isPending}
            busyLabel="Approving"
            disabled={!data || preview.isFetching}
            icon={<ShieldCheck aria-hidden="true" />}
            onClick={confirm}
          >
            {action}
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
