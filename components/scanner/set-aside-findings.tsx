"use client";

import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { plural } from "@/lib/plural";
import type { FindingDto } from "@/lib/scanner/schema";
import { cn } from "@/lib/utils";
import { RuleFindings, type FindingActionsSlot } from "./rule-findings";

const ORDER = { accepted: 0, false_positive: 1 } as const;

/**
 * Findings the owner accepted or marked as false positives, apart from the
 * open ones: each with who decided, when and why, and a way to reopen it.
 * Accepted findings come first; the list keeps the scan's order within each.
 */
export function SetAsideFindings({ findings, idPrefix, actions }: { findings: FindingDto[]; idPrefix: string; actions?: FindingActionsSlot }) {
  const [open, setOpen] = useState(true);
  if (findings.length === 0) return null;
  const sorted = [...findings].sort((a, b) => ORDER[a.decision!.status] - ORDER[b.decision!.status]);
  const accepted = findings.filter((f) => f.decision!.status === "accepted").length;
  const headingId = `${idPrefix}-set-aside`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <h3 id={headingId} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${headingId}-panel`}
          onClick={() => setOpen(!open)}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ChevronRight aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-90")} />
          Set aside
          <span className="rounded-sm bg-muted px-1.5 text-xs font-normal tabular-nums text-muted-foreground">
            {findings.length}
            <span className="sr-only"> {findings.length === 1 ? "finding" : "findings"}</span>
          </span>
        </button>
      </h3>
      <div id={`${headingId}-panel`} hidden={!open} className="flex flex-col gap-3">
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
      </div>
    </section>
  );
}
