import { SEVERITIES, type Finding, type Severity } from "./types";

/** Findings counted by severity; every severity is present, zero included. */
export type SeverityCounts = Record<Severity, number>;

export const emptyCounts = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });

export function countBySeverity(findings: Pick<Finding, "severity">[]): SeverityCounts {
  const counts = emptyCounts();
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

export function addCounts(into: SeverityCounts, more: SeverityCounts): SeverityCounts {
  for (const s of SEVERITIES) into[s] += more[s] ?? 0;
  return into;
}

export const totalOf = (counts: SeverityCounts) => SEVERITIES.reduce((n, s) => n + (counts[s] ?? 0), 0);

/** The most severe level with at least one finding; null when there is none. */
export const worstOf = (counts: SeverityCounts): Severity | null => SEVERITIES.find((s) => (counts[s] ?? 0) > 0) ?? null;

/** "2 critical, 1 high" — the severities that have findings, most severe first; "no findings" otherwise. */
export function describeCounts(counts: SeverityCounts): string {
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return parts.length ? parts.join(", ") : "no findings";
}
