import { useId, type ReactNode } from "react";
import type { FindingDto } from "@/lib/scanner/schema";
import { DefinitionDiffView } from "./definition-diff";
import { DecisionNote } from "./finding-actions";
import { SeverityBadge } from "./severity-badge";
import { TARGET_LABEL } from "./severity-meta";

/** What can be done with a finding (accept, mark as a false positive, reopen), shown under it. */
export type FindingActionsSlot = (finding: FindingDto) => ReactNode;

/** One place a rule found something: the target and JSON path, the evidence as the model reads it, the rug-pull diff, the owner's decision. */
function Occurrence({ finding, actions }: { finding: FindingDto; actions?: FindingActionsSlot }) {
  const { target } = finding;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{TARGET_LABEL[target.kind]}</dt>
        <dd className="font-mono break-all">{target.name}</dd>
        {target.path ? (
          <>
            <dt className="text-muted-foreground">JSON path</dt>
            <dd className="font-mono break-all">{target.path}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <p className="text-xs font-medium text-muted-foreground">Evidence</p>
        <pre
          className="mt-1 max-h-64 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-words"
          tabIndex={0}
          aria-label={`Evidence in ${TARGET_LABEL[target.kind].toLowerCase()} ${target.name}`}
        >
          {finding.evidence}
        </pre>
      </div>
      {finding.diff ? <DefinitionDiffView diff={finding.diff} /> : null}
      {finding.decision ? <DecisionNote decision={finding.decision} /> : null}
      {actions?.(finding)}
    </div>
  );
}

/** The findings of one rule at one severity: the rule once, each place it found something, and what to do once. */
export function RuleFindings({ findings, actions }: { findings: FindingDto[]; actions?: FindingActionsSlot }) {
  const titleId = useId();
  const [first] = findings;
  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-lg border bg-card">
      <div className="flex flex-wrap items-start justify-between gap-2 p-4 pb-3">
        <div className="min-w-0">
          <h4 id={titleId} className="font-medium">
            {first.ruleTitle}
          </h4>
          <p className="font-mono text-xs text-muted-foreground">{first.ruleId}</p>
        </div>
        <SeverityBadge severity={first.severity} />
      </div>
      <ul className="divide-y border-t" aria-label={`Where ${first.ruleTitle.toLowerCase()} was found`}>
        {findings.map((finding) => (
          <li key={finding.id} className="p-4">
            <Occurrence finding={finding} actions={actions} />
          </li>
        ))}
      </ul>
      <div className="border-t bg-muted/40 p-4">
        <p className="text-xs font-medium text-muted-foreground">What to do</p>
        <p className="mt-1 text-sm">{first.remediation}</p>
      </div>
    </article>
  );
}
