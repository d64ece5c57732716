"use client";

import { ChevronRight, ShieldCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { FindingDto } from "@/lib/scanner/schema";
import { SEVERITIES, type Severity } from "@/lib/scanner/types";
import { cn } from "@/lib/utils";
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
  const [open, setOpen] = useState(!FOLDED.has(severity));
  const meta = SEVERITY_META[severity];
  const Icon = meta.icon;
  const headingId = `${idPrefix}-${severity}`;
  const panelId = `${headingId}-panel`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ChevronRight aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-90")} />
          <span className={cn("size-2.5 rounded-full", meta.fillClass)} aria-hidden="true" />
          <Icon aria-hidden="true" className="size-4" />
          {meta.label}
          <span className="rounded-sm bg-muted px-1.5 text-xs font-normal tabular-nums text-muted-foreground">
            {findings.length}
            <span className="sr-only"> {findings.length === 1 ? "finding" : "findings"}</span>
          </span>
        </button>
      </h3>
      <ul id={panelId} hidden={!open} className="flex flex-col gap-3">
        {byRule(findings).map((group) => (
          <li key={group[0].ruleId}>
            <RuleFindings findings={group} actions={actions} />
          </li>
        ))}
      </ul>
    </section>
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
