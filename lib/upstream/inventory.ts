import "server-only";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
// The v2 client exports no zod schemas of MCP's types: items are checked with v1's, which describe the same shapes.
import { PaginatedResultSchema, PromptSchema, ResourceSchema, ResourceTemplateSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Discovery, Transport } from "../mcp/types";
import { connectMcp, withMcpConnection, type McpConnection, type McpLimits, type McpTarget } from "./connection";
import { definitionProblem, MAX_DEFINITION_CHARS, MAX_DEFINITION_DEPTH } from "../mcp/definition-limits";
import { promptDefinition, resourceDefinition, templateDefinition, toolDefinition } from "../mcp/definitions";
import { McpFailure } from "../mcp/errors";
import { yieldToEventLoop } from "../event-loop";
import { TRANSPORT_LABELS } from "../mcp/types";

/** Items kept per list: bounds what one discovery stores (and the statement that stores it). */
export const MAX_ITEMS_PER_LIST = 2_000;

/**
 * Each list's request, and the SDK's schema of one of its items. A page is
 * asked for with a schema that checks its shape but not its items: the
 * SDK's own (client.listTools and the like) checks every item of it on this
 * thread in one go, which for a page of 20,000 tools held the event loop
 * for a fifth of a second, and most of them are not kept. The items kept are
 * checked below with the same schemas, a slice at a time.
 */
const LISTS = {
  tools: { method: "tools/list", item: ToolSchema, label: "tool" },
  resources: { method: "resources/list", item: ResourceSchema, label: "resource" },
  resourceTemplates: { method: "resources/templates/list", item: ResourceTemplateSchema, label: "resource template" },
  prompts: { method: "prompts/list", item: PromptSchema, label: "prompt" },
} as const;

export type ListName = keyof typeof LISTS;

const PAGE_SCHEMAS: Record<ListName, z.ZodType<Record<string, unknown>>> = {
  tools: PaginatedResultSchema.extend({ tools: z.array(z.unknown()) }),
  resources: PaginatedResultSchema.extend({ resources: z.array(z.unknown()) }),
  resourceTemplates: PaginatedResultSchema.extend({ resourceTemplates: z.array(z.unknown()) }),
  prompts: PaginatedResultSchema.extend({ prompts: z.array(z.unknown()) }),
};

/** Items checked (or measured) between two turns of the event loop: a page of 200 worst-case tools (about 3.6 MB) took 25 to 50 ms in one go. */
const SLICE = 50;

/**
 * The items of a page that are kept, as the SDK's schema gives them back (it
 * drops fields it does not know in places, annotations for one). A failure
 * is the SDK's own error, named by the item's place in the page, as
 * checking the whole page would have named it.
 */
async function checkedItems(list: ListName, items: unknown[]): Promise<Record<string, unknown>[]> {
  const checked: Record<string, unknown>[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % SLICE === 0) await yieldToEventLoop();
    const parsed = LISTS[list].item.safeParse(items[i]);
    if (!parsed.success) throw new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: [list, i, ...issue.path] })));
    checked.push(parsed.data as Record<string, unknown>);
  }
  return checked;
}

/** Throws when one listed definition is beyond what the console keeps (lib/mcp/definition-limits.ts). */
async function refuseOversized(list: ListName, items: readonly unknown[]) {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % SLICE === 0) await yieldToEventLoop();
    const problem = definitionProblem(items[i]);
    if (!problem) continue;
    const loose = (items[i] ?? {}) as Record<string, unknown>;
    const name = String(loose.name ?? loose.uri ?? loose.uriTemplate ?? "?").slice(0, 80);
    throw new McpFailure(
      "too_large",
      `The server's ${LISTS[list].label} ${JSON.stringify(name)} ${problem}. The console keeps no definition nested deeper than ${MAX_DEFINITION_DEPTH} levels or larger than ${MAX_DEFINITION_CHARS / 1024} KiB, so nothing of this list was kept.`,
    );
  }
}

/**
 * Lists one of a connected server's lists, following `nextCursor` to the
 * end, or to `maxPages` pages or MAX_ITEMS_PER_LIST items.
 */
export async function listAll<T>(connection: McpConnection, list: ListName): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < connection.limits.maxPages; page++) {
    let result: Record<string, unknown>;
    try {
      // A request of its own, not client.listTools and the like: those serve from the client's cache (lists carry ttlMs since 2026-07-28), and what is read here must be fresh.
      const request = { method: LISTS[list].method, params: cursor ? { cursor } : {} };
      result = await connection.client.request(request, PAGE_SCHEMAS[list], connection.requestOptions());
    } catch (err) {
      // A server that declares a capability but not every list of it (templates, usually) lists nothing there.
      if (err instanceof ProtocolError && err.code === ProtocolErrorCode.MethodNotFound) return { items, truncated: false };
      throw err;
    }
    const listed = result[list] as unknown[];
    // Only what is kept is checked and measured: a server listing 20,000 items has its first 2,000 read, not all.
    const kept = await checkedItems(list, listed.slice(0, MAX_ITEMS_PER_LIST - items.length));
    await refuseOversized(list, kept);
    items.push(...(kept as T[]));
    if (listed.length > kept.length) return { items, truncated: true };
    cursor = result.nextCursor as string | undefined;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/** Lists everything a connected server offers, by the capabilities it declared. */
export async function listInventory(connection: McpConnection): Promise<Omit<Discovery, "serverInfo" | "capabilities" | "instructions" | "handshakeMs" | "prior">> {
  const { capabilities } = connection;
  const none = { items: [], truncated: false };
  const tools = capabilities.tools ? await listAll<Record<string, unknown>>(connection, "tools") : none;
  const resources = capabilities.resources ? await listAll<Record<string, unknown>>(connection, "resources") : none;
  const templates = capabilities.resources ? await listAll<Record<string, unknown>>(connection, "resourceTemplates") : none;
  const prompts = capabilities.prompts ? await listAll<Record<string, unknown>>(connection, "prompts") : none;
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
      prior: connection.prior,
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
    if (!(err instanceof McpFailure) || !WRONG_TRANSPORT_SIGNS.has(err.kind) || target.transport === "stdio") throw err;
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
