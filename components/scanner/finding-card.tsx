import type { FindingDto } from "@/lib/scanner/schema";
import { DefinitionDiffView } from "./definition-diff";
import { SeverityBadge } from "./severity-badge";
import { TARGET_LABEL } from "./severity-meta";

/** One finding: what rule, where (target and JSON path), the evidence as the model would read it, and what to do. */
export function FindingCard({ finding }: { finding: FindingDto }) {
  const { target } = finding;
  return (
    <article className="flex flex-col gap-3 rounded-lg border bg-card p-4" aria-label={`${finding.ruleTitle}: ${TARGET_LABEL[target.kind]} ${target.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-medium">{finding.ruleTitle}</h4>
          <p className="font-mono text-xs text-muted-foreground">{finding.ruleId}</p>
        </div>
        <SeverityBadge severity={finding.severity} />
      </div>
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
          aria-label={`Evidence of ${finding.ruleTitle}`}
        >
          {finding.evidence}
        </pre>
      </div>
      {finding.diff ? <DefinitionDiffView diff={finding.diff} /> : null}
      <div>
        <p className="text-xs font-medium text-muted-foreground">What to do</p>
        <p className="mt-1 text-sm">{finding.remediation}</p>
      </div>
    </article>
  );
}
