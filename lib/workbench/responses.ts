import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { CALL_METHODS, type CallResponse, type CallStreamLine, type CompleteResponse, type HistoryDetail, type HistoryResponse, type ServerEventLine, type SubscriptionsResponse } from "./schema";

/** The workbench's answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

const jsonRpcMessage = z.record(z.string(), z.unknown());
const exchange = z.object({ request: jsonRpcMessage, response: jsonRpcMessage.optional() }).describe("The JSON-RPC messages as sent and received.");

export const callResponse = z.object({
  result: z.unknown().describe("The server's result, as MCP defines it for the method."),
  durationMs: z.number(),
  exchange,
  protocolVersion: z.string().describe('The MCP revision the call was spoken in, e.g. "2026-07-28" or "2025-11-25".'),
}) satisfies ZodType<CallResponse>;

const logLine = z.object({ type: z.literal("log"), level: z.string(), logger: z.string().optional(), data: z.unknown() });

/** One line of the call's NDJSON stream (`Accept: application/x-ndjson`). */
export const callStreamLine = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), progress: z.number(), total: z.number().optional(), message: z.string().optional() }),
  logLine,
  z.object({ type: z.literal("task"), taskId: z.string(), status: z.string(), statusMessage: z.string().optional() }),
  z.object({ type: z.literal("server-request"), id: z.string(), kind: z.enum(["elicitation", "sampling"]), params: z.record(z.string(), z.unknown()) }),
  callResponse.extend({ type: z.literal("result") }),
  z.object({
    type: z.literal("error"),
    error: z.enum(["upstream_error", "upstream_timeout", "cancelled", "validation_failed"]),
    message: z.string(),
    durationMs: z.number(),
    exchange: exchange.optional(),
  }),
]).describe("One line of the NDJSON stream; the last is `result` or `error`.") satisfies ZodType<CallStreamLine>;

/** One line of the server's notification stream. */
export const serverEventLine = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready"), subscriptions: z.array(z.string()) }),
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("resource-updated"), uri: z.string() }),
  z.object({ type: z.literal("list-changed"), list: z.enum(["tools", "resources", "prompts"]) }),
  logLine,
  z.object({ type: z.literal("closed") }),
]).describe("One line of the NDJSON stream.") satisfies ZodType<ServerEventLine>;

export const completeResponse = z.object({
  values: z.array(z.string()),
  total: z.number().int().optional(),
  hasMore: z.boolean().optional(),
}) satisfies ZodType<CompleteResponse>;

export const subscriptionsResponse = z.object({ subscriptions: z.array(z.string()).describe("The resource URIs subscribed to.") }) satisfies ZodType<SubscriptionsResponse>;

const historyEntry = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  method: z.enum(CALL_METHODS),
  target: z.string().nullable().describe("The tool, resource or prompt called."),
  params: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  cancelled: z.boolean(),
  durationMs: z.number(),
  summary: z.string(),
  createdAt: isoTime,
});

export const historyResponse = z.object({ calls: z.array(historyEntry) }) satisfies ZodType<HistoryResponse>;

export const historyDetail = historyEntry.extend({ result: z.unknown() }) satisfies ZodType<HistoryDetail>;
