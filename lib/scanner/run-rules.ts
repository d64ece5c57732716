import { compareFindings, dedupe } from "./findings";
import { RULES } from "./rules";
import { checkDeadline, ScanDeadline, withDeadline } from "./deadline";
import { incompleteScan } from "./incomplete";
import type { Finding, Rule, RuleSetResult, RuleTier, ScanInput } from "./types";

/**
 * Runs the rules a plan allows over what a server exposes. "basic" (every
 * plan) runs the injection and transport rules; "full" runs them all.
 * Pure: no database, no network. With a `deadline` (a `performance.now()`
 * time), a rule still reading texts then is stopped, and the result keeps
 * the findings of the rules that finished and a "scan incomplete" finding
 * that names the others.
 */
export function runRules(input: ScanInput, tier: RuleTier, options: { deadline?: number } = {}): RuleSetResult {
  const run = tier === "full" ? RULES : RULES.filter((r) => r.tier === "basic");
  const found: Finding[] = [];
  const done: Rule[] = [];
  withDeadline(options.deadline, () => {
    for (const rule of run) {
      try {
        checkDeadline();
        found.push(...rule.check(input));
      } catch (err) {
        if (err instanceof ScanDeadline) return;
        throw err;
      }
      done.push(rule);
    }
  });
  const notRun = run.filter((r) => !done.includes(r)).map((r) => r.id);
  if (notRun.length > 0) found.push(incompleteScan(input.server.name, notRun));
  return {
    findings: dedupe(found).sort(compareFindings),
    rulesRun: done.map((r) => r.id),
    rulesSkipped: RULES.filter((r) => !run.includes(r)).map((r) => r.id),
  };
}
