"use client";

import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { FindingDto } from "@/lib/scanner/schema";
import { SEVERITIES, type Severity } from "@/lib/scanner/types";
import { cn } from "@/lib/utils";
import { FoldingSection } from "./folding-section";
import { RuleFindings, type FindingActionsSlot } from "./rule-findings";
import { SEVERITY_META } from "./severity-meta";

/** Low and info findings are many and rarely urgent: their groups start folded. */
const FOLDED: ReadonlySet<Severity> = new Set(["low", "info"]);

function byRule(findings: FindingDto[]): FindingDto[][] {
  const groups = new Map<string, FindingDto[]>();
  for (const f of findings) groups.set(f.ruleId, [...(groups.get(f.ruleId) ?? []), f]);
  return [...groups.values()];
}

function SeverityGroup({ severity, findings, idPrefix, actions }: { severity: Severity; findings: FindingDto[]; idPrefix: string; actions?: FindingActionsSlot }) {
  const meta = SEVERITY_META[severity];
  const Icon = meta.icon;
  const title = (
    <>
      <span className={cn("size-2.5 rounded-full", meta.fillClass)} aria-hidden="true" />
      <Icon aria-hidden="true" className="size-4" />
      {meta.label}
    </>
  );
  return (
    <FoldingSection id={`${idPrefix}-${severity}`} title={title} count={findings.length} initiallyOpen={!FOLDED.has(severity)}>
      <ul className="flex flex-col gap-3">
        {byRule(findings).map((group) => (
          <li key={group[0].ruleId}>
            <RuleFindings findings={group} actions={actions} />
          </li>
        ))}
      </ul>
    </FoldingSection>
  );
}

/** Findings grouped by severity, most severe first, and within a severity by rule; `empty` says what no findings means here. */
export function FindingsList({
  findings,
  omitted,
  idPrefix,
  actions,
  empty = "No findings: nothing the rules look for is in what this server exposes.",
}: {
  findings: FindingDto[];
  omitted: number;
  idPrefix: string;
  actions?: FindingActionsSlot;
  empty?: ReactNode;
}) {
  if (findings.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
        {empty}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {SEVERITIES.map((severity) => {
        const group = findings.filter((f) => f.severity === severity);
        return group.length > 0 ? <SeverityGroup key={severity} severity={severity} findings={group} idPrefix={idPrefix} actions={actions} /> : null;
      })}
      {omitted > 0 ? (
        <p className="text-sm text-muted-foreground">
          {omitted.toLocaleString("en")} more findings of the lowest severities were counted but not kept.
        </p>
      ) : null}
    </div>
  );
}
