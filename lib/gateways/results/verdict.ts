import type { ResultFindingKind, ResultsPolicy } from "../schema";
import type { CheckOutcome } from "./check";
import type { ResultFinding } from "./guard";

/**
 * What becomes of a checked result under the gateway's policy: delivered
 * (with its `redact` spans replaced, and its `flag` findings only recorded),
 * or refused with a reason that names what was found and where. A result
 * the guard could not read in its budget is refused or delivered as it came,
 * as the policy's `unchecked` says; either way `unchecked` says why, for the
 * audit's "not checked" mark.
 */

export type Verdict = ({ deliver: unknown } | { refuse: string }) & { findings: ResultFinding[]; unchecked?: string };

/** What the guard did with a result, in one word: the audit's and the Activity tab's. */
export type GuardVerdict = "blocked" | "redacted" | "flagged" | "unchecked";

/**
 * The "not checked" mark of a result delivered unread, under the result's
 * `_meta` (a reverse-DNS key, as MCP asks of implementations' own keys): the
 * client can tell that the gateway did not read it.
 */
export const UNCHECKED_META_KEY = "dev.mcp-console/result-guard";

function markedUnchecked(result: unknown, reason: string): unknown {
  if (!result || typeof result !== "object" || Array.isArray(result)) return result;
  const meta = (result as { _meta?: unknown })._meta;
  return { ...result, _meta: { ...(meta && typeof meta === "object" ? meta : {}), [UNCHECKED_META_KEY]: `not checked: ${reason}` } };
}

/** The audit keeps this many findings of one result in full; its count says how many there were. */
export const LISTED_FINDINGS = 20;

const NOUN: Record<ResultFindingKind, string> = { secrets: "a secret", instructions: "instructions aimed at the model" };

/** "a github-pat (secret.github-pat) at /content/0/text" */
export const describeFinding = (f: ResultFinding) => `${f.kind === "secrets" ? `a ${f.what}` : NOUN[f.kind]} (${f.ruleId}) at ${f.pointer || "/"}`;

export function verdict(original: unknown, checked: CheckOutcome, policy: ResultsPolicy): Verdict {
  if ("unchecked" in checked) {
    return policy.unchecked === "block"
      ? { refuse: `${checked.unchecked}.`, findings: [], unchecked: checked.unchecked }
      : { deliver: markedUnchecked(original, checked.unchecked), findings: [], unchecked: checked.unchecked };
  }
  const blocking = checked.findings.filter((f) => f.action === "block");
  if (blocking.length) {
    const more = blocking.length > 1 ? ` and ${blocking.length - 1} more` : "";
    return { refuse: `it holds ${describeFinding(blocking[0])}${more}.`, findings: checked.findings };
  }
  return { deliver: checked.result, findings: checked.findings };
}

/** Whether a verdict is worth an audit event: a finding, or a result that went unread. */
export const noteworthy = (v: Verdict) => v.findings.length > 0 || v.unchecked !== undefined;

export function guardVerdict(v: Verdict): GuardVerdict {
  if ("refuse" in v) return "blocked";
  if (v.unchecked !== undefined) return "unchecked";
  return v.findings.some((f) => f.action === "redact") ? "redacted" : "flagged";
}

/** The audit's record of what the guard did with a result: its verdict, and each finding's rule, place and hash, never the text found. */
export function findingsMetadata(v: Verdict) {
  const { findings } = v;
  return {
    guard: guardVerdict(v),
    ...(v.unchecked !== undefined ? { unchecked: v.unchecked } : {}),
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

/** The audit event's summary after the item's name: what the result held, and what became of it. */
export function verdictSummary(v: Verdict): string {
  const outcome = guardVerdict(v);
  if (v.unchecked !== undefined) return `was not checked (${v.unchecked}) → ${outcome === "blocked" ? "blocked" : "delivered"}`;
  const count = v.findings.length === 1 ? "a finding" : `${v.findings.length} findings`;
  return `returned ${count} (${[...new Set(v.findings.map((f) => f.what))].join(", ")}) → ${outcome}`;
}
