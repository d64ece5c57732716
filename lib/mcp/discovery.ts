import "server-only";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ServerInfo } from "../db/schema";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition, Transport } from "./types";
import { connectMcp, withMcpConnection, type McpConnection, type McpLimits, type McpTarget } from "./connection";
import { definitionProblem, MAX_DEFINITION_CHARS, MAX_DEFINITION_DEPTH } from "./definition-limits";
import { promptDefinition, resourceDefinition, templateDefinition, toolDefinition } from "./definitions";
import { McpFailure } from "./errors";
import { TRANSPORT_LABELS } from "./types";

export interface Discovery {
  serverInfo: ServerInfo;
  capabilities: Record<string, unknown>;
  instructions: string | null;
  handshakeMs: number;
  tools: ToolDefinition[];
  resources: ResourceDefinition[];
  resourceTemplates: ResourceTemplateDefinition[];
  prompts: PromptDefinition[];
  /** A list had more pages than the cap; what was read is kept. */
  truncated: boolean;
}

type Page = { nextCursor?: string } & Record<string, unknown>;

/** Items kept per list: bounds what one discovery stores (and the statement that stores it). */
export const MAX_ITEMS_PER_LIST = 2_000;

const ITEM_LABELS: Record<string, string> = { tools: "tool", resources: "resource", resourceTemplates: "resource template", prompts: "prompt" };

/** Throws when one listed definition is beyond what the console keeps (lib/mcp/definition-limits.ts). */
function refuseOversized(field: string, item: unknown) {
  const problem = definitionProblem(item);
  if (!problem) return;
  const loose = (item ?? {}) as Record<string, unknown>;
  const name = String(loose.name ?? loose.uri ?? loose.uriTemplate ?? "?").slice(0, 80);
  throw new McpFailure(
    "too_large",
    `The server's ${ITEM_LABELS[field] ?? field} ${JSON.stringify(name)} ${problem}. The console keeps no definition nested deeper than ${MAX_DEFINITION_DEPTH} levels or larger than ${MAX_DEFINITION_CHARS / 1024} KiB, so nothing of this list was kept.`,
  );
}

/** Follows `nextCursor` to the end, or to `maxPages` pages or MAX_ITEMS_PER_LIST items. */
export async function listAll<T>(
  connection: McpConnection,
  field: string,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < connection.limits.maxPages; page++) {
    let result: Page;
    try {
      result = await fetchPage(cursor);
    } catch (err) {
      // A server that declares a capability but not every list of it (templates, usually) lists nothing there.
      if (err instanceof McpError && err.code === ErrorCode.MethodNotFound) return { items, truncated: false };
      throw err;
    }
    const listed = (result[field] as T[] | undefined) ?? [];
    // Only what is kept is measured: a server listing 20,000 items has its first 2,000 read, not all.
    for (const item of listed.slice(0, MAX_ITEMS_PER_LIST - items.length)) refuseOversized(field, item);
    items.push(...listed);
    if (items.length > MAX_ITEMS_PER_LIST) return { items: items.slice(0, MAX_ITEMS_PER_LIST), truncated: true };
    cursor = result.nextCursor;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/** Lists everything a connected server offers, by the capabilities it declared. */
export async function listInventory(connection: McpConnection): Promise<Omit<Discovery, "serverInfo" | "capabilities" | "instructions" | "handshakeMs">> {
  const { client, capabilities } = connection;
  const opts = connection.requestOptions;
  const none = { items: [], truncated: false };
  const tools = capabilities.tools ? await listAll<Record<string, unknown>>(connection, "tools", (cursor) => client.listTools({ cursor }, opts())) : none;
  const resources = capabilities.resources
    ? await listAll<Record<string, unknown>>(connection, "resources", (cursor) => client.listResources({ cursor }, opts()))
    : none;
  const templates = capabilities.resources
    ? await listAll<Record<string, unknown>>(connection, "resourceTemplates", (cursor) => client.listResourceTemplates({ cursor }, opts()))
    : none;
  const prompts = capabilities.prompts
    ? await listAll<Record<string, unknown>>(connection, "prompts", (cursor) => client.listPrompts({ cursor }, opts()))
    : none;
  return {
    tools: tools.items.map(toolDefinition),
    resources: resources.items.map(resourceDefinition),
    resourceTemplates: templates.items.map(templateDefinition),
    prompts: prompts.items.map(promptDefinition),
    truncated: [tools, resources, templates, prompts].some((l) => l.truncated),
  };
}

/** Connects, lists everything, closes. Throws McpFailure. */
export function discover(target: McpTarget, limits: Partial<McpLimits> = {}): Promise<Discovery> {
  return withMcpConnection(
    target,
    async (connection) => ({
      serverInfo: connection.serverInfo,
      capabilities: connection.capabilities,
      instructions: connection.instructions,
      handshakeMs: connection.handshakeMs,
      ...(await listInventory(connection)),
    }),
    limits,
  );
}

const OTHER: Record<Transport, Transport> = { "streamable-http": "sse", sse: "streamable-http" };

/** Failures where the same URL over the other transport could work: the server answered, but not as expected. */
const WRONG_TRANSPORT_SIGNS = new Set(["http", "protocol"]);

/**
 * "Test connection": a discovery. When it fails in a way the other
 * transport could explain, that one is tried with a handshake only; if it
 * answers, the failure says so and suggests it.
 */
export async function testConnection(target: McpTarget, limits: Partial<McpLimits> = {}): Promise<Discovery> {
  try {
    return await discover(target, limits);
  } catch (err) {
    if (!(err instanceof McpFailure) || !WRONG_TRANSPORT_SIGNS.has(err.kind)) throw err;
    const other = OTHER[target.transport];
    try {
      const probe = await connectMcp({ ...target, transport: other }, limits);
      await probe.close();
    } catch {
      throw err;
    }
    const why = err.extra.status ? `the server answered HTTP ${err.extra.status}` : err.message.replace(/\.$/, "");
    throw new McpFailure(
      err.kind,
      `Could not connect over ${TRANSPORT_LABELS[target.transport]}: ${why}. The server answers over ${TRANSPORT_LABELS[other]} at this URL: choose the ${TRANSPORT_LABELS[other]} transport.`,
      { ...err.extra, suggestion: { transport: other } },
      { cause: err },
    );
  }
}
