import { Ban, Eraser, Flag, ShieldQuestion } from "lucide-react";
import type { ResultAction, ResultCheckDto, ResultFindingKind } from "@/lib/gateways/schema";
import { plural } from "@/lib/plural";
import { cn } from "@/lib/utils";

/**
 * What the result guard did with one call's result: its verdict (in colour,
 * icon and word), then each finding's kind, rule and where it matched. Never
 * the text found: the console is not told it.
 */

const VERDICT: Record<ResultCheckDto["verdict"], { label: string; icon: typeof Ban; className: string }> = {
  blocked: { label: "Result refused", icon: Ban, className: "border-warning bg-background text-warning" },
  redacted: { label: "Result redacted", icon: Eraser, className: "border-border bg-secondary text-secondary-foreground" },
  flagged: { label: "Result flagged", icon: Flag, className: "border-border bg-background text-foreground" },
  unchecked: { label: "Result not checked", icon: ShieldQuestion, className: "border-dashed border-warning bg-background text-foreground" },
};

const KIND: Record<ResultFindingKind, string> = { secrets: "Secret", instructions: "Instructions to the model" };
const DONE: Record<ResultAction, string> = { block: "refused", redact: "removed", flag: "delivered", off: "delivered" };

function headline(check: ResultCheckDto): string {
  const findings = plural(check.findingCount, "finding");
  if (check.unchecked !== null) return `Not checked (${check.unchecked}): ${check.verdict === "blocked" ? "refused" : "delivered as it came, marked as not checked"}.`;
  if (check.verdict === "blocked") return `Refused for ${findings}; the client got an error.`;
  if (check.verdict === "redacted") return `Delivered with what was found replaced by markers (${findings}).`;
  return `Delivered as it came (${findings} recorded).`;
}

export function ResultVerdictBadge({ verdict }: { verdict: ResultCheckDto["verdict"] }) {
  const meta = VERDICT[verdict];
  const Icon = meta.icon;
  return (
    <span data-verdict={verdict} className={cn("inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap", meta.className)}>
      <Icon aria-hidden="true" className="size-3" />
      {meta.label}
    </span>
  );
}

export function ResultCheck({ check }: { check: ResultCheckDto }) {
  const more = check.findingCount - check.findings.length;
  return (
    <div className="flex min-w-0 flex-col gap-1.5 text-xs" data-testid="result-check">
      <div className="flex flex-wrap items-center gap-2">
        <ResultVerdictBadge verdict={check.verdict} />
        <span className="text-muted-foreground">{headline(check)}</span>
      </div>
      {check.findings.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Findings in the result">
          {check.findings.map((f, i) => (
            <li key={`${f.pointer}:${f.start}:${f.ruleId}:${i}`} className="break-words">
              <span className="font-medium">{KIND[f.kind]}:</span> {f.what} <span className="text-muted-foreground">({DONE[f.action]})</span>
              <span className="block text-muted-foreground">
                rule <code className="font-mono break-words">{f.ruleId}</code> at <code className="font-mono break-words">{f.pointer || "/"}</code>, characters {f.start + 1}–{f.end}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p className="text-muted-foreground">And {plural(more, "more finding")}, counted in your activity log.</p> : null}
    </div>
  );
}
