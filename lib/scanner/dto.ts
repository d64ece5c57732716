import "server-only";
import { scanFindings, scans } from "../db/schema";
import { ruleTitle } from "./catalog";
import type { FindingDto, ScanSummary } from "./schema";
import { totalOf, worstOf } from "./severity";
import type { DefinitionDiff, TargetKind } from "./types";

export type ScanRow = typeof scans.$inferSelect;
export type FindingRow = typeof scanFindings.$inferSelect;

export function toScanSummary(row: ScanRow): ScanSummary {
  return {
    id: row.id,
    trigger: row.trigger,
    ruleSet: row.ruleSet,
    rulesRun: row.rulesRun,
    rulesSkipped: row.rulesSkipped,
    counts: row.counts,
    total: totalOf(row.counts),
    worst: worstOf(row.counts),
    definitionsHash: row.definitionsHash,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFindingDto(row: FindingRow): FindingDto {
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleTitle: ruleTitle(row.ruleId),
    severity: row.severity,
    target: { kind: row.targetKind as TargetKind, name: row.targetName, path: row.targetPath },
    evidence: row.evidence,
    remediation: row.remediation,
    diff: (row.diff as DefinitionDiff | null) ?? null,
  };
}
