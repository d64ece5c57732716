"use client";

import { plural } from "@/lib/plural";
import type { FindingDto } from "@/lib/scanner/schema";
import { FoldingSection } from "./folding-section";
import { RuleFindings, type FindingActionsSlot } from "./rule-findings";

const ORDER = { accepted: 0, false_positive: 1 } as const;

/**
 * Findings the owner accepted or marked as false positives, apart from the
 * open ones: each with who decided, when and why, and a way to reopen it.
 * Accepted findings come first; the list keeps the scan's order within each.
 */
export function SetAsideFindings({ findings, idPrefix, actions }: { findings: FindingDto[]; idPrefix: string; actions?: FindingActionsSlot }) {
  if (findings.length === 0) return null;
  const sorted = [...findings].sort((a, b) => ORDER[a.decision!.status] - ORDER[b.decision!.status]);
  const accepted = findings.filter((f) => f.decision!.status === "accepted").length;
  return (
    <FoldingSection id={`${idPrefix}-set-aside`} title="Set aside" count={findings.length} className="border-t pt-4">
      <p className="text-sm text-muted-foreground">
        {plural(accepted, "accepted finding")} and {plural(findings.length - accepted, "false positive")}: not counted above, and kept so in later
        scans that find the same thing.
      </p>
      <ul className="flex flex-col gap-3">
        {sorted.map((f) => (
          <li key={f.id}>
            <RuleFindings findings={[f]} actions={actions} />
          </li>
        ))}
      </ul>
    </FoldingSection>
  );
}
