import type { Rule, ScanInput } from "@/lib/scanner/types";
import type { ToolDefinition } from "@/lib/mcp/types";

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

/** Checks one description on one tool: the findings of `rule`. */
export const describeTool = (rule: Rule, description: string, properties: Record<string, unknown> = {}) =>
  rule.check(scanInput({ tools: [tool("probe", description, properties)] }));
