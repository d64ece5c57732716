import type { BlockSeverity, GatewayPolicy, ResultAction, ResultFindingKind, UncheckedAction } from "@/lib/gateways/schema";

/** The policy's words: each severity threshold as a choice, and a policy in one line. */

export const BLOCK_CHOICES: Record<BlockSeverity, { label: string; summary: string }> = {
  critical: { label: "Critical findings only", summary: "Blocks critical findings" },
  high: { label: "High and critical (recommended)", summary: "Blocks high and critical findings" },
  medium: { label: "Medium and above", summary: "Blocks medium, high and critical findings" },
  low: { label: "Low and above", summary: "Blocks every finding but info" },
  off: { label: "Never block on findings", summary: "Never blocks on findings" },
};

export const BLOCK_HINT =
  "An item with an open scanner finding at or above this severity is hidden from agents, and calls to it are refused. A finding you accept or mark as a false positive in the server's Security tab no longer blocks.";

export const QUARANTINE_HINT =
  "A tool, prompt or resource whose definition differs from the one you approved, or that appeared after you approved the server's, is hidden until you approve it: a server cannot change what a tool says behind your back. The definitions a server has when it joins are approved then.";

export const RESULT_CHOICES: Record<ResultAction, string> = {
  block: "Refuse the result",
  redact: "Remove what was found (recommended)",
  flag: "Deliver it, and record the finding",
  off: "Do not check",
};

export const RESULT_FIELDS: Record<ResultFindingKind, { label: string; hint: string }> = {
  secrets: {
    label: "Secrets in results",
    hint: "Keys, tokens, private keys and connection strings in what a tool, prompt or resource returns, so that an agent never sees them. Every finding is recorded in the Activity tab, without the secret.",
  },
  instructions: {
    label: "Instructions aimed at the model in results",
    hint: "Text in what a call returns that tells the agent what to do (a web page or an email carrying instructions), found by the scanner's own rules. Every finding is recorded in the Activity tab.",
  },
};

export const UNCHECKED_FIELD = {
  label: "Results not checked in time",
  hint: "A large result is checked off the request thread, for at most 2 seconds. One that could not be checked in that time is refused, or delivered with a \"not checked\" mark the client can read. Either way it is recorded in the Activity tab.",
};

export const UNCHECKED_CHOICES: Record<UncheckedAction, string> = {
  block: "Refuse the result (recommended)",
  deliver: "Deliver it, marked as not checked",
};

const RESULT_VERBS: Record<ResultAction, string> = { block: "blocks", redact: "redacts", flag: "flags", off: "ignores" };

export function policySummary(policy: GatewayPolicy): string {
  const results = `Results: ${RESULT_VERBS[policy.results.secrets]} secrets, ${RESULT_VERBS[policy.results.instructions]} instructions`;
  return `${BLOCK_CHOICES[policy.blockSeverity].summary} · ${policy.quarantineChanged ? "Quarantines changed definitions" : "Serves changed definitions"} · ${results}`;
}
