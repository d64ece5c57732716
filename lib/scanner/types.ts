
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServerTransport, ToolDefinition } from "../mcp/types";
import type { ServerInfo } from "../mcp/types";

/**
 * The scanner's vocabulary, shared by the rules (pure functions of what a
 * server exposes), the service that stores scans and the pages that show them.
 */

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type TargetKind = "tool" | "prompt" | "resource" | "resource_template" | "server";

export interface FindingTarget {
  kind: TargetKind;
  /** Tool or prompt name, resource URI, URI template, or the server's name. */
  name: string;
  /** JSON pointer inside the definition ("" for the whole of it), e.g. /inputSchema/properties/path/description. */
  path: string;
}

/** For rug pulls: what changed in one definition since the pinned baseline. */
export interface DefinitionDiff {
  change: "added" | "removed" | "changed";
  /** Each changed JSON pointer with the pinned and current values (absent on one side for added or removed keys). */
  entries: { path: string; before?: unknown; after?: unknown }[];
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  target: FindingTarget;
  /** The excerpt, with invisible characters made visible (⟨U+200B⟩, ⟨ESC⟩[8m). */
  evidence: string;
  /** What to do about it. */
  remediation: string;
  diff?: DefinitionDiff;
}

export interface BaselineItem {
  kind: "tool" | "prompt" | "resource" | "resource_template";
  key: string;
  hash: string;
  definition: Record<string, unknown>;
}

/** Everything a scan reads: what the server exposes to a model, and the connection itself. */
export interface ScanInput {
  server: {
    name: string;
    transport: ServerTransport;
    url: string;
    /** Names of the configured headers (values are never given to the scanner). */
    headerNames: string[];
    serverInfo: ServerInfo | null;
    instructions: string | null;
  };
  tools: ToolDefinition[];
  prompts: PromptDefinition[];
  resources: ResourceDefinition[];
  resourceTemplates: ResourceTemplateDefinition[];
  /** The pinned definitions, when the user pinned them. */
  baseline: BaselineItem[] | null;
  /** The user's other servers and their tool names, for cross-server shadowing. */
  otherServers: { name: string; toolNames: string[] }[];
}

/** "basic" rules run on every plan; "full" ones need the fullScanner feature. */
export type RuleTier = "basic" | "full";

export interface Rule {
  id: string;
  title: string;
  /** The usual severity; a rule may raise or lower it per finding. */
  severity: Severity;
  tier: RuleTier;
  /** What the rule reads, in words (shown next to its findings). */
  reads: string;
  remediation: string;
  check(input: ScanInput): Finding[];
}

export interface RuleSetResult {
  findings: Finding[];
  rulesRun: string[];
  /** Rules the plan did not run. */
  rulesSkipped: string[];
}
