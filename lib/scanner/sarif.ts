import type { Log, ReportingDescriptor, Result, Suppression } from "sarif";
import type { FindingDecisionDto, ScanDetail } from "./schema";
import type { Rule, Severity, TargetKind } from "./types";

/**
 * A scan as a SARIF 2.1.0 log, the format code-scanning tools and code hosts
 * read. A finding has no file to point at: its location is logical — the
 * tool, prompt, resource or server, and the JSON pointer inside its definition.
 */

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

export const SARIF_LEVEL: Record<Severity, Result.level> = {
  critical: "error",
  high: "error",
  medium: "warning",
  low: "note",
  info: "note",
};

/** The 0–10 score code hosts sort security results by. */
const SECURITY_SEVERITY: Record<Severity, string> = { critical: "9.5", high: "8.0", medium: "5.5", low: "3.0", info: "1.0" };

const LOCATION_KIND: Record<TargetKind, string> = {
  tool: "function",
  prompt: "function",
  resource: "resource",
  resource_template: "resource",
  server: "module",
};

export interface SarifSource {
  tool: { name: string; version: string; informationUri: string };
  server: { name: string; url: string };
  scan: ScanDetail;
  rules: readonly Rule[];
}

function describeRule(rule: Rule): ReportingDescriptor {
  return {
    id: rule.id,
    name: rule.title,
    shortDescription: { text: rule.title },
    fullDescription: { text: `Reads ${rule.reads}.` },
    help: { text: rule.remediation },
    defaultConfiguration: { level: SARIF_LEVEL[rule.severity] },
    properties: { tags: ["security", "mcp"], "security-severity": SECURITY_SEVERITY[rule.severity], tier: rule.tier },
  };
}

/**
 * A decision as SARIF reads it: suppressed outside the scanned thing
 * (`external`), accepted as such by its owner; `properties.decision` tells an
 * accepted risk from a false positive.
 */
function suppressionOf(decision: FindingDecisionDto): Suppression {
  const what = decision.status === "accepted" ? "Accepted" : "False positive";
  return {
    kind: "external",
    status: "accepted",
    justification: decision.reason ? `${what}: ${decision.reason}` : what,
    properties: { decision: decision.status, decidedAt: decision.decidedAt, ...(decision.decidedBy ? { decidedBy: decision.decidedBy } : {}) },
  };
}

export function toSarif({ tool, server, scan, rules }: SarifSource): Log {
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const results: Result[] = scan.findings.map((f) => {
    const where = `${f.target.kind} ${f.target.name}${f.target.path ? ` at ${f.target.path}` : ""}`;
    return {
      ruleId: f.ruleId,
      ...(index.has(f.ruleId) ? { ruleIndex: index.get(f.ruleId) } : {}),
      level: SARIF_LEVEL[f.severity],
      message: { text: `${f.ruleTitle} (${where}): ${f.evidence}` },
      locations: [
        {
          logicalLocations: [
            {
              name: f.target.name,
              kind: LOCATION_KIND[f.target.kind],
              fullyQualifiedName: `${server.name}/${f.target.kind}/${f.target.name}${f.target.path ? `#${f.target.path}` : ""}`,
              properties: { targetKind: f.target.kind, jsonPointer: f.target.path },
            },
          ],
        },
      ],
      // The finding's stable id (v1 hashed the place only; v2 adds the evidence, as the console's decisions do).
      partialFingerprints: { "mcpFinding/v2": f.fingerprint },
      ...(f.decision ? { suppressions: [suppressionOf(f.decision)] } : {}),
      properties: {
        severity: f.severity,
        "security-severity": SECURITY_SEVERITY[f.severity],
        remediation: f.remediation,
        ...(f.diff ? { diff: f.diff } : {}),
      },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: tool.name, semanticVersion: tool.version, informationUri: tool.informationUri, rules: rules.map(describeRule) } },
        invocations: [{ executionSuccessful: true, endTimeUtc: scan.createdAt }],
        results,
        properties: {
          server: server,
          scanId: scan.id,
          ruleSet: scan.ruleSet,
          rulesRun: scan.rulesRun,
          rulesSkipped: scan.rulesSkipped,
          definitionsHash: scan.definitionsHash,
        },
      },
    ],
  };
}
