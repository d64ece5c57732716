import { compareFindings, dedupe } from "./findings";
import { RULES } from "./rules";
import type { RuleSetResult, RuleTier, ScanInput } from "./types";

/**
 * Runs the rules a plan allows over what a server exposes. "basic" (every
 * plan) runs the injection and transport rules; "full" runs them all.
 * Pure: no database, no network.
 */
export function runRules(input: ScanInput, tier: RuleTier): RuleSetResult {
  const run = tier === "full" ? RULES : RULES.filter((r) => r.tier === "basic");
  const findings = dedupe(run.flatMap((rule) => rule.check(input))).sort(compareFindings);
  return {
    findings,
    rulesRun: run.map((r) => r.id),
    rulesSkipped: RULES.filter((r) => !run.includes(r)).map((r) => r.id),
  };
}
