import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { CALL_ERROR_CODES, CALL_METHODS, SERVER_REQUEST_KINDS } from "./schema";

/** The workbench's answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

/** A JSON-RPC message exactly as it went over the wire. */
const jsonRpcMessage = z.record(z.string(), z.unknown());
const exchange = z
  .object({
    request: jsonRpcMessage,
    /** Absent when no answer arrived (timeout, cancellation, lost connection). */
    response: jsonRpcMessage.optional(),
  })
  .describe("The JSON-RPC messages as sent and received.");
export type CallExchange = z.infer<typeof exchange>;

/** `POST /api/servers/{id}/call` answered as JSON. */
export const callResponse = z.object({
  result: z.unknown().describe("The server's result, as MCP defines it for the method."),
  durationMs: z.number(),
  exchange,
  protocolVersion: z.string().describe('The MCP revision the call was spoken in, e.g. "2026-07-28" or "2025-11-25".'),
});
export type CallResponse = z.infer<typeof callResponse>;

const logLine = z.object({ type: z.literal("log"), level: z.string(), logger: z.string().optional(), data: z.unknown() });

/** One line of the call's NDJSON stream (`Accept: application/x-ndjson`). */
export const callStreamLine = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), progress: z.number(), total: z.number().optional(), message: z.string().optional() }),
  logLine,
  z.object({ type: z.literal("task"), taskId: z.string(), status: z.string(), statusMessage: z.string().optional() }),
  z.object({ type: z.literal("server-request"), id: z.string(), kind: z.enum(SERVER_REQUEST_KINDS), params: z.record(z.string(), z.unknown()) }),
  callResponse.extend({ type: z.literal("result") }),
  z.object({
    type: z.literal("error"),
    error: z.enum(CALL_ERROR_CODES),
    message: z.string(),
    durationMs: z.number(),
    exchange: exchange.optional(),
  }),
]).describe("One line of the NDJSON stream; the last is `result` or `error`.");
export type CallStreamLine = z.infer<typeof callStreamLine>;

/**
 * `GET /api/servers/{id}/events`: what the server says between calls, as
 * NDJSON lines, for as long as the page listens.
 */
export const serverEventLine = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready"), subscriptions: z.array(z.string()) }),
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("resource-updated"), uri: z.string() }),
  z.object({ type: z.literal("list-changed"), list: z.enum(["tools", "resources", "prompts"]) }),
  logLine,
  z.object({ type: z.literal("closed") }),
]).describe("One line of the NDJSON stream.");
export type ServerEventLine = z.infer<typeof serverEventLine>;

export const completeResponse = z.object({
  values: z.array(z.string()),
  /** How many the server has in all, when it says. */
  total: z.number().int().optional(),
  hasMore: z.boolean().optional(),
});
export type CompleteResponse = z.infer<typeof completeResponse>;

export const subscriptionsResponse = z.object({ subscriptions: z.array(z.string()).describe("The resource URIs subscribed to.") });
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponse>;

/** One remembered call, as `GET /api/workbench/history` lists it (newest first). */
const historyEntry = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  method: z.enum(CALL_METHODS),
  target: z.string().nullable().describe("The tool, resource or prompt called."),
  params: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  /** Stopped by the user: not ok, and not a failure either. */
  cancelled: z.boolean(),
  durationMs: z.number(),
  summary: z.string(),
  createdAt: isoTime,
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyResponse = z.object({ calls: z.array(historyEntry) });
export type HistoryResponse = z.infer<typeof historyResponse>;

/** `GET /api/workbench/history/{id}`: one call with its (truncated) result or error. */
export const historyDetail = historyEntry.extend({ result: z.unknown() });
export type HistoryDetail = z.infer<typeof historyDetail>;
