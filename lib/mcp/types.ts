/**
 * What the product keeps of the MCP protocol: the transports it speaks, and
 * the definitions a server lists (tools, resources, resource templates,
 * prompts) as discovery stores them. Shared by the MCP client, the forms and
 * the API's answers, so nothing here is server-only.
 */

export const TRANSPORTS = ["streamable-http", "sse"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** A stored server's transport: a remote one, or "stdio", a package the console runs in its sandbox (lib/stdio). */
export type ServerTransport = Transport | "stdio";
export const SERVER_TRANSPORTS = [...TRANSPORTS, "stdio"] as const satisfies readonly ServerTransport[];

export const TRANSPORT_LABELS: Record<Transport, string> = { "streamable-http": "Streamable HTTP", sse: "SSE" };

export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** MCP tasks: "required", "optional", or (absent, "forbidden") not as a task. */
  execution?: { taskSupport?: "required" | "optional" | "forbidden" };
}
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

export interface ServerInfo {
  name: string;
  title?: string;
  version: string;
  protocolVersion: string;
}
/** A negotiation's verdict, as the v2 client's `connect(transport, { prior })` takes it back: a modern server's `server/discover` result, or a 2025 server. */
export type ProtocolPrior = { kind: "modern"; discover: Record<string, unknown> } | { kind: "legacy" };

export interface Discovery {
  serverInfo: ServerInfo;
  capabilities: Record<string, unknown>;
  instructions: string | null;
  handshakeMs: number;
  /** The negotiation's verdict, for the server's next connection (lib/upstream/negotiation.ts); absent for a listing on a connection opened earlier. */
  prior?: ProtocolPrior;
  tools: ToolDefinition[];
  resources: ResourceDefinition[];
  resourceTemplates: ResourceTemplateDefinition[];
  prompts: PromptDefinition[];
  /** A list had more pages than the cap; what was read is kept. */
  truncated: boolean;
}
