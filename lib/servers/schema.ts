import { z } from "zod";
import { PROTOCOL_REVISIONS, PROTOCOL_SETTINGS } from "../mcp/protocol-revisions";
import { TRANSPORTS } from "../mcp/types";

/**
 * The server entity's shapes, shared by the forms and the API handlers.
 * The limits are the API's: the forms check the same ones before sending.
 */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type {
  ConnectionTestResult,
  Heartbeat,
  ImportPreview,
  ImportPreviewEntry,
  ImportResult,
  LastCheck,
  MaskedHeader,
  McpServersFile,
  ServerAuth,
  ServerCounts,
  ServerDto,
  ServerInventory,
  ServerListResponse,
  ServerPulse,
  ServerUpdateResult,
} from "./responses";

export const SERVER_STATUSES = ["unknown", "up", "degraded", "down", "paused"] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** How a check went: it answered (up), answered slowly or only partly (degraded), or did not (failed). */
export const CHECK_RESULTS = ["up", "degraded", "failed"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** What ran a check: the schedule, a person's "Check now", or the discovery made when a server is saved or refreshed. */
export const CHECK_TRIGGERS = ["schedule", "manual", "discovery"] as const;
export type CheckTrigger = (typeof CHECK_TRIGGERS)[number];

/** Slower than this (handshake to ping) a check is degraded: the bounds of the server's monitoring setting. */
export const THRESHOLD_MIN_MS = 100;
export const THRESHOLD_MAX_MS = 60_000;
export const DEFAULT_THRESHOLD_MS = 2_000;

export const MAX_HEADERS = 20;
export const MAX_TAGS = 10;

const serverUrl = z
  .string()
  .trim()
  .min(1, "Enter the server's URL.")
  .max(2048, "The URL is too long.")
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "Enter an http:// or https:// URL.");

/** RFC 9110 token characters; anything else cannot be sent as a header name. */
const headerName = z
  .string()
  .trim()
  .min(1, "Enter a header name.")
  .max(128, "Header names are at most 128 characters.")
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "Header names use letters, digits and - only.");

const headerValue = z
  .string()
  .min(1, "Enter a value.")
  .max(4096, "Header values are at most 4096 characters.")
  .refine((v) => !/[\r\n\0]/.test(v), "Header values cannot contain line breaks.");

function uniqueNames<T extends { name: string }>(rows: T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const key = row.name.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "name"], message: "This header is already listed." });
    seen.add(key);
  });
}

export const headerInput = z.object({ name: headerName, value: headerValue });
/** On update a header without a value keeps its stored value; with one, it is rotated. */
export const headerUpdate = z.object({ name: headerName, value: headerValue.optional() });

/**
 * Headers are accepted as the name → value object of `mcpServers` files and
 * of the product's documentation (`{"X-Api-Key": "…"}`) as well as the list
 * `[{name, value}]` the forms send; both become the list. In the object form
 * of an update, `null` keeps a header's stored value.
 */
function headerList<T extends z.ZodType<{ name: string }>>(row: T) {
  return z.preprocess(namedValuesFromObject, z.array(row).max(MAX_HEADERS, `At most ${MAX_HEADERS} headers.`).superRefine(uniqueNames));
}

/**
 * A name → value object as the list `[{name, value}]`, `null` becoming a value left out (kept, in
 * an update); anything else as it came. Shared by a remote server's headers and a stdio server's
 * env, which are updated the same way.
 */
export const namedValuesFromObject = (input: unknown) =>
  input !== null && typeof input === "object" && !Array.isArray(input)
    ? Object.entries(input).map(([name, value]) => ({ name, value: value ?? undefined }))
    : input;

const tags = z
  .array(z.string().trim().min(1, "Tags cannot be empty.").max(32, "Tags are at most 32 characters."))
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags.`)
  .transform((list) => [...new Set(list)]);

export const monitoringInput = z.object({
  enabled: z.boolean(),
  intervalSec: z.number().int().min(30, "Checks run at most every 30 seconds.").max(86_400, "Checks run at least once a day."),
  /** Slower than this (handshake to ping) is degraded; unchanged when absent. */
  thresholdMs: z
    .number()
    .int()
    .min(THRESHOLD_MIN_MS, `The threshold is at least ${THRESHOLD_MIN_MS} ms.`)
    .max(THRESHOLD_MAX_MS, `The threshold is at most ${THRESHOLD_MAX_MS / 1000} s.`)
    .optional(),
});

/** "auto", or a revision the console speaks to pin the server to. */
export const protocolSetting = z
  .enum(PROTOCOL_SETTINGS, { error: `Choose "auto" or one of the protocol revisions the console speaks: ${PROTOCOL_REVISIONS.join(", ")}.` })
  .describe(
    `The MCP protocol revision to speak to the server: "auto" negotiates (the newest revision first, 2025 revisions after); a revision pins it, for servers that misbehave when probed. Changing it makes the next connection negotiate again.`,
  );

export const connectionInput = z.object({
  transport: z.enum(TRANSPORTS),
  url: serverUrl,
  headers: headerList(headerInput).default([]),
});
export type ConnectionInput = z.infer<typeof connectionInput>;

/** The longest server name. */
export const SERVER_NAME_MAX = 80;

export const serverCreate = connectionInput.extend({
  name: z.string().trim().min(1, "Enter a name.").max(SERVER_NAME_MAX, `Names are at most ${SERVER_NAME_MAX} characters.`),
  description: z.string().trim().max(500, "Descriptions are at most 500 characters.").default(""),
  tags: tags.default([]),
  /** Absent: monitored at the owner's plan's shortest interval (monitoring is on unless turned off). */
  monitoring: monitoringInput.optional(),
  protocol: protocolSetting.default("auto"),
});
export type ServerCreate = z.infer<typeof serverCreate>;

export const serverUpdate = z
  .object({
    name: serverCreate.shape.name,
    description: z.string().trim().max(500, "Descriptions are at most 500 characters."),
    transport: z.enum(TRANSPORTS),
    url: serverUrl,
    headers: headerList(headerUpdate),
    tags,
    monitoring: monitoringInput,
    protocol: protocolSetting,
    /** Pause (true) or resume (false) the server's monitoring and status. */
    paused: z.boolean(),
  })
  .partial();
export type ServerUpdate = z.infer<typeof serverUpdate>;

export const serverListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(SERVER_STATUSES).optional(),
  tag: z.string().trim().max(32).optional(),
});
