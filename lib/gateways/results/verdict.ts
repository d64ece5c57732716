import type { ResultFindingKind, ResultPolicy } from "../schema";
import type { CheckOutcome } from "./check";
import type { ResultFinding } from "./guard";

/**
 * What becomes of a checked result under the gateway's policy: delivered
 * (with its `redact` spans replaced, and its `flag` findings only recorded),
 * or refused with a reason that names what was found and where. A result
 * the guard could not read in its budget is refused when the policy would
 * have changed it (block or redact): delivering it unread would break that
 * promise; under `flag` it is delivered.
 */

export type Verdict = { deliver: unknown; findings: ResultFinding[] } | { refuse: string; findings: ResultFinding[] };

/** The audit keeps this many findings of one result in full; its count says how many there were. */
export const LISTED_FINDINGS = 20;

const NOUN: Record<ResultFindingKind, string> = { secrets: "a secret", instructions: "instructions aimed at the model" };

/** "a GitHub token (secret.github-token) at /content/0/text" */
export const describeFinding = (f: ResultFinding) => `${f.kind === "secrets" ? `a ${f.what}` : NOUN[f.kind]} (${f.ruleId}) at ${f.pointer || "/"}`;

export function verdict(original: unknown, checked: CheckOutcome, policy: ResultPolicy): Verdict {
  if ("unchecked" in checked) {
    const changes = Object.values(policy).some((a) => a === "block" || a === "redact");
    return changes ? { refuse: `${checked.unchecked}.`, findings: [] } : { deliver: original, findings: [] };
  }
  const blocking = checked.findings.filter((f) => f.action === "block");
  if (blocking.length) {
    const more = blocking.length > 1 ? ` and ${blocking.length - 1} more` : "";
    return { refuse: `it holds ${describeFinding(blocking[0])}${more}.`, findings: checked.findings };
  }
  return { deliver: checked.result, findings: checked.findings };
}

/** The audit's record of a result's findings: rule, place and hash, never the text found. */
export function findingsMetadata(findings: ResultFinding[]) {
  return {
    findingCount: findings.length,
    findings: findings.slice(0, LISTED_FINDINGS).map((f) => ({
      kind: f.kind,
      ruleId: f.ruleId,
      what: f.what,
      pointer: f.pointer,
      start: f.start,
      end: f.end,
      hash: f.hash,
      action: f.action,
    })),
  };
}
