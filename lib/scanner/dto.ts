import "server-only";
import { scanFindings, scans } from "../db/schema";
import { ruleTitle } from "./catalog";
import type { FindingDecisionDto, FindingDto, ScanSummary } from "./schema";
import { emptySetAside, openCounts, type SetAsideBySeverity } from "./set-aside";
import { totalOf, worstOf } from "./severity";
import type { DefinitionDiff, TargetKind } from "./types";

export type ScanRow = typeof scans.$inferSelect;
export type FindingRow = typeof scanFindings.$inferSelect;

/** A scan as the API shows it: its counts are of open findings, those the owner set aside are counted apart. */
export function toScanSummary(row: ScanRow, setAside: SetAsideBySeverity = emptySetAside()): ScanSummary {
  const counts = openCounts(row.counts, setAside);
  return {
    id: row.id,
    trigger: row.trigger,
    ruleSet: row.ruleSet,
    rulesRun: row.rulesRun,
    rulesSkipped: row.rulesSkipped,
    counts,
    total: totalOf(counts),
    worst: worstOf(counts),
    setAside: { accepted: totalOf(setAside.accepted), falsePositive: totalOf(setAside.false_positive) },
    definitionsHash: row.definitionsHash,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFindingDto(row: FindingRow, decision: FindingDecisionDto | null = null): FindingDto {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    decision,
    ruleId: row.ruleId,
    ruleTitle: ruleTitle(row.ruleId),
    severity: row.severity,
    target: { kind: row.targetKind as TargetKind, name: row.targetName, path: row.targetPath },
    evidence: row.evidence,
    remediation: row.remediation,
    diff: (row.diff as DefinitionDiff | null) ?? null,
  };
}
