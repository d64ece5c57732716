import { z } from "zod";
import type { ErrorCode } from "@/lib/api-contract/error-codes";

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type {
  CallExchange,
  CallResponse,
  CallStreamLine,
  CompleteResponse,
  HistoryDetail,
  HistoryEntry,
  HistoryResponse,
  ServerEventLine,
  SubscriptionsResponse,
} from "./responses";

/**
 * The workbench call, as the page sends it and the API checks it:
 * `POST /api/servers/{id}/call` with `{method, params, timeoutMs?, logLevel?}`.
 * Shared by the browser and the handler.
 */

export const CALL_METHODS = ["tools/call", "resources/read", "prompts/get", "ping"] as const;
export type CallMethod = (typeof CALL_METHODS)[number];

/** Syslog levels, as MCP's `logging/setLevel` takes them. */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The largest request body: arguments are typed by a person, not uploaded. */
export const MAX_REQUEST_BYTES = 256 * 1024;
/** The largest result passed on; a bigger one is refused with a clear error. */
export const MAX_RESULT_BYTES = 5 * 1024 * 1024;
export const MIN_TIMEOUT_MS = 1_000;
export const MAX_TIMEOUT_MS = 120_000;
export const DEFAULT_TIMEOUT_MS: Record<CallMethod, number> = {
  "tools/call": 60_000,
  "resources/read": 30_000,
  "prompts/get": 30_000,
  ping: 10_000,
};
/** History kept per user. */
export const HISTORY_LIMIT = 100;

const name = z.string().trim().min(1, "Enter a name.").max(256, "Names are at most 256 characters.");

export const toolCallParams = z.object({
  name,
  arguments: z.record(z.string(), z.unknown()).optional(),
  /**
   * Task augmentation (MCP tasks): the server runs the tool as a task and the API follows it to the end.
   * Refused (400) for a tool whose `execution.taskSupport` is not "optional" or "required".
   */
  task: z.object({ ttl: z.number().int().positive().max(86_400_000).optional() }).optional(),
});
export const resourceReadParams = z.object({
  uri: z.string().trim().min(1, "Enter a URI.").max(4096, "URIs are at most 4096 characters."),
});
export const promptGetParams = z.object({
  name,
  arguments: z.record(z.string(), z.string().max(64 * 1024)).optional(),
});

/** Roots the workbench offers servers (MCP `roots/list`): MCP has them as file:// URIs. */
export const MAX_ROOTS = 20;
export const rootSchema = z.object({
  uri: z
    .string()
    .trim()
    .max(4096, "URIs are at most 4096 characters.")
    .refine((uri) => /^file:\/\/\S*$/.test(uri), "A root is a file:// URI, such as file:///home/me/project."),
  name: z.string().trim().max(256, "Names are at most 256 characters.").optional(),
});
export type Root = z.infer<typeof rootSchema>;

const common = {
  /** Time allowed without any sign of life (progress resets it), up to MAX_TIMEOUT_MS. */
  timeoutMs: z.number().int().min(MIN_TIMEOUT_MS).max(MAX_TIMEOUT_MS).optional(),
  /** The least severe server log message to receive, when the server supports logging. */
  logLevel: z.enum(LOG_LEVELS).optional(),
  /** What the server gets when it asks for roots during this call and after it; the server is told when they change. */
  roots: z.array(rootSchema).max(MAX_ROOTS, `At most ${MAX_ROOTS} roots.`).optional(),
};

export const callRequest = z.discriminatedUnion("method", [
  z.object({ method: z.literal("tools/call"), params: toolCallParams, ...common }),
  z.object({ method: z.literal("resources/read"), params: resourceReadParams, ...common }),
  z.object({ method: z.literal("prompts/get"), params: promptGetParams, ...common }),
  z.object({ method: z.literal("ping"), params: z.object({}).optional(), ...common }),
]);
export type CallRequest = z.infer<typeof callRequest>;

/**
 * `POST /api/servers/{id}/complete`: suggestions for a prompt argument or a
 * resource template variable (MCP `completion/complete`), asked for while
 * the person types. Not a call: no history, no quota, its own rate limit.
 */
export const completeRequest = z.object({
  ref: z.discriminatedUnion("type", [
    z.object({ type: z.literal("ref/prompt"), name }),
    z.object({ type: z.literal("ref/resource"), uri: z.string().trim().min(1, "Enter a URI template.").max(4096, "URIs are at most 4096 characters.") }),
  ]),
  argument: z.object({ name, value: z.string().max(4096, "Values are at most 4096 characters.") }),
  /** The other arguments already filled in, which may narrow the suggestions. */
  context: z.object({ arguments: z.record(z.string(), z.string().max(4096)) }).optional(),
});
export type CompleteRequest = z.infer<typeof completeRequest>;

/** `POST` and `DELETE` `/api/servers/{id}/subscriptions` (`{uri}`): the resources whose updates the event stream reports. */
export const subscriptionRequest = resourceReadParams;

/** What a call targets, for lists and history: the tool or prompt name, the resource URI, nothing for ping. */
export function targetOf(request: CallRequest): string | null {
  switch (request.method) {
    case "tools/call":
    case "prompts/get":
      return request.params.name;
    case "resources/read":
      return request.params.uri;
    default:
      return null;
  }
}

/** A JSON-RPC message exactly as it went over the wire. */
export type JsonRpcMessage = Record<string, unknown>;

/** Every way a call can fail, for the UI to explain (and the `error` field of a stream's last line). */
export const CALL_ERROR_CODES = ["upstream_error", "upstream_timeout", "cancelled", "validation_failed", "encryption_key_mismatch"] as const satisfies readonly ErrorCode[];
export type CallErrorCode = (typeof CALL_ERROR_CODES)[number];

/**
 * A request the server sends back during a streamed call, for the person at
 * the workbench: form input (`elicitation/create`) or a model's answer
 * (`sampling/createMessage`). The page answers it with
 * `POST /api/workbench/requests/{id}`.
 */
export const SERVER_REQUEST_KINDS = ["elicitation", "sampling"] as const;
export type ServerRequestKind = (typeof SERVER_REQUEST_KINDS)[number];

export const MAX_SAMPLING_TEXT = 64 * 1024;

export const serverRequestReply = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("accept"),
    /** Elicitation: the form's values. */
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    /** Sampling: the answer given in the model's place. */
    text: z.string().max(MAX_SAMPLING_TEXT, `Answers are at most ${MAX_SAMPLING_TEXT / 1024} KiB.`).optional(),
    model: z.string().trim().min(1, "Name the model.").max(128, "Model names are at most 128 characters.").optional(),
  }),
  z.object({ action: z.literal("decline") }),
  z.object({ action: z.literal("cancel") }),
]);
export type ServerRequestReply = z.infer<typeof serverRequestReply>;

export const historyQuery = z.object({
  serverId: z.uuid("Not a server id.").optional(),
});
