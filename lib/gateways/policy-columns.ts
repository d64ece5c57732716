import type { gateways } from "../db/schema";
import type { GatewayPolicy, GatewayUpdate } from "./schema";

/** A gateway's policy as its row stores it (one column per setting) and as the API and the endpoint read it. */

type Row = Pick<typeof gateways.$inferSelect, "blockSeverity" | "quarantineChanged" | "resultInstructions" | "resultSecrets" | "resultUnchecked">;

export function policyOf(row: Row): GatewayPolicy {
  return {
    blockSeverity: row.blockSeverity,
    quarantineChanged: row.quarantineChanged,
    results: { instructions: row.resultInstructions, secrets: row.resultSecrets, unchecked: row.resultUnchecked },
  };
}

export function policyColumns(policy: GatewayPolicy): Row {
  return {
    blockSeverity: policy.blockSeverity,
    quarantineChanged: policy.quarantineChanged,
    resultInstructions: policy.results.instructions,
    resultSecrets: policy.results.secrets,
    resultUnchecked: policy.results.unchecked,
  };
}

/** The policy with what an update or a creation gives; a setting not given keeps its value (in `results` too). */
export function mergePolicy(base: GatewayPolicy, input: GatewayUpdate["policy"]): GatewayPolicy {
  return {
    blockSeverity: input?.blockSeverity ?? base.blockSeverity,
    quarantineChanged: input?.quarantineChanged ?? base.quarantineChanged,
    results: { ...base.results, ...input?.results },
  };
}
