import { SEVERITIES, type Finding, type FindingTarget, type Rule, type Severity } from "./types";

/** 0 for critical … 4 for info: lower is worse. */
export const severityRank = (s: Severity) => SEVERITIES.indexOf(s);

export const worst = (a: Severity, b: Severity): Severity => (severityRank(a) <= severityRank(b) ? a : b);

/** One level worse (critical stays critical). */
export const raise = (s: Severity): Severity => SEVERITIES[Math.max(0, severityRank(s) - 1)];

export const atLeast = (s: Severity, floor: Severity) => severityRank(s) <= severityRank(floor);

export function finding(
  rule: Pick<Rule, "id" | "remediation">,
  severity: Severity,
  target: FindingTarget,
  evidence: string,
  diff?: Finding["diff"],
): Finding {
  const f: Finding = { ruleId: rule.id, severity, target: { ...target }, evidence, remediation: rule.remediation };
  if (diff) f.diff = diff;
  return f;
}

const key = (f: Finding) => `${f.ruleId}\u0000${f.target.kind}\u0000${f.target.name}\u0000${f.target.path}`;

/** One finding per (rule, target, path): the most severe, the first seen among equals. */
export function dedupe(findings: readonly Finding[]): Finding[] {
  const kept = new Map<string, Finding>();
  for (const f of findings) {
    const k = key(f);
    const seen = kept.get(k);
    if (!seen || severityRank(f.severity) < severityRank(seen.severity)) kept.set(k, f);
  }
  return [...kept.values()];
}

/** Most severe first, then by rule and target, so a scan's list reads the same each time. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    a.ruleId.localeCompare(b.ruleId) ||
    a.target.kind.localeCompare(b.target.kind) ||
    a.target.name.localeCompare(b.target.name) ||
    a.target.path.localeCompare(b.target.path)
  );
}
