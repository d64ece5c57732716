"use client";

import type { ScanDetail } from "@/lib/scanner/schema";
import { FindingsList } from "./findings-list";
import type { FindingActionsSlot } from "./rule-findings";
import { SetAsideFindings } from "./set-aside-findings";

/** A scan's open findings, then those set aside (accepted, false positives) apart. */
export function ScanFindings({ scan, idPrefix, actions }: { scan: ScanDetail; idPrefix: string; actions?: FindingActionsSlot }) {
  const open = scan.findings.filter((f) => !f.decision);
  const setAside = scan.findings.filter((f) => f.decision);
  return (
    <div className="flex flex-col gap-6">
      <FindingsList
        findings={open}
        omitted={scan.findingsOmitted}
        idPrefix={idPrefix}
        actions={actions}
        empty={setAside.length > 0 ? "No open findings: every finding of this scan was accepted or marked as a false positive." : undefined}
      />
      <SetAsideFindings findings={setAside} idPrefix={idPrefix} actions={actions} />
    </div>
  );
}
