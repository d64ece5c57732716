import "server-only";
import { RULES } from "./rules";
import type { ScannerLocked } from "./schema";

/** The rule registry as the API describes it: titles by id, and what a plan without the full scanner misses. */

const BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

export const ruleTitle = (id: string) => BY_ID.get(id)?.title ?? id;

export function lockedScanner(): ScannerLocked {
  const rules = RULES.filter((rule) => rule.tier === "full").map((rule) => ({ id: rule.id, title: rule.title }));
  return {
    rulesNotRun: rules.length,
    rules,
    unlocks: [
      "Every rule, not only the injection and transport ones",
      "A pinned baseline of every definition, so that a changed tool (a rug pull) is reported with its diff",
      "The history of every scan",
      "Accepting a finding, or marking it as a false positive, with the reason kept across scans",
    ],
  };
}
