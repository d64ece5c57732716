import type { Finding, Rule, ScanInput, Severity } from "@/lib/scanner/types";
import type { ToolDefinition } from "@/lib/servers/schema";

/** A scan input: a public HTTPS server with an Authorization header and nothing exposed, plus what a test adds. */
export function scanInput(partial: Partial<Omit<ScanInput, "server">> & { server?: Partial<ScanInput["server"]> } = {}): ScanInput {
  return {
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    baseline: null,
    otherServers: [],
    ...partial,
    server: {
      name: "test-server",
      transport: "streamable-http",
      url: "https://mcp.example.org/mcp",
      headerNames: ["Authorization"],
      serverInfo: null,
      instructions: null,
      ...partial.server,
    },
  };
}

export function tool(name: string, description: string, properties: Record<string, unknown> = {}, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return { name, description, inputSchema: { type: "object", properties }, ...extra };
}

/** The one tool's findings of `rule` at `path`, or all of them. */
export const check = (rule: Rule, input: ScanInput): Finding[] => rule.check(input);

export const severities = (findings: Finding[]): Severity[] => findings.map((f) => f.severity);

/** Checks one description on one tool: the findings of `rule`. */
export const describeTool = (rule: Rule, description: string, properties: Record<string, unknown> = {}) =>
  rule.check(scanInput({ tools: [tool("probe", description, properties)] }));
