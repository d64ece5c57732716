import type { DecisionStatus } from "./schema";
import { emptyCounts, type SeverityCounts } from "./severity";
import { SEVERITIES, type Severity } from "./types";

/**
 * Findings the owner set aside (accepted, or marked as false positives), by
 * decision and severity. A scan stores the counts of everything it found;
 * what is open is worked out when it is read, from the decisions in force
 * then, so that deciding never rewrites a stored scan and a decision made
 * after a scan shows in it at once.
 */
export type SetAsideBySeverity = Record<DecisionStatus, SeverityCounts>;

export const emptySetAside = (): SetAsideBySeverity => ({ accepted: emptyCounts(), false_positive: emptyCounts() });

export function addSetAside(into: SetAsideBySeverity, status: DecisionStatus, severity: Severity, n = 1): SetAsideBySeverity {
  into[status][severity] += n;
  return into;
}

/** The stored counts less what was set aside (never below zero). */
export function openCounts(found: SeverityCounts, setAside: SetAsideBySeverity): SeverityCounts {
  const open = emptyCounts();
  for (const s of SEVERITIES) open[s] = Math.max(0, (found[s] ?? 0) - setAside.accepted[s] - setAside.false_positive[s]);
  return open;
}
