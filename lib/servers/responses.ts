import { z } from "zod";
// The latest scan's summary on a server: see the servers <-> scanner note in ./service.ts.
import { securitySummary } from "../scanner/responses";
import { SKIP_KINDS } from "./mcp-config";
import { CHECK_RESULTS, CHECK_TRIGGERS, protocolSetting, SERVER_STATUSES } from "./schema";
import { importInput } from "./server-json";
import { SERVER_TRANSPORTS } from "../mcp/types";
import { stdioDto } from "./stdio-schema";

/**
 * The server entity's answers: each is one zod schema, and its TypeScript type
 * is inferred from it, so the service builds exactly what the API reference
 * (lib/openapi) describes. The types are re-exported by ./schema.ts, where the
 * pages import the feature's shapes.
 */

export const serverCounts = z.object({ tools: z.number().int(), resources: z.number().int(), prompts: z.number().int() });
export type ServerCounts = z.infer<typeof serverCounts>;

const serverInfo = z.object({
  name: z.string(),
  title: z.string().optional(),
  version: z.string(),
  protocolVersion: z.string().describe('The MCP protocol revision actually spoken with the server, e.g. "2026-07-28".'),
});

/** A header as the API returns it: the value masked, never in full. */
export const maskedHeader = z.object({ name: z.string(), value: z.string().describe("Masked: never the value in full.") });
export type MaskedHeader = z.infer<typeof maskedHeader>;

/** How a server's requests are signed in: its stored headers, or the MCP authorization flow's tokens. */
export const serverAuth = z.object({
  type: z.enum(["headers", "oauth"]),
  status: z.enum(["authorized", "authorization_required", "reauthorization_required"]),
  /** Why a person must sign in (again). */
  reason: z.string().nullable(),
  /** When the access token expires, and when it was last refreshed (OAuth only). */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  lastRefreshAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ServerAuth = z.infer<typeof serverAuth>;

/** The check a server's status comes from (its latest): what ran it, what it found and why. */
export const lastCheck = z.object({ trigger: z.enum(CHECK_TRIGGERS), result: z.enum(CHECK_RESULTS), reason: z.string().nullable() });
export type LastCheck = z.infer<typeof lastCheck>;

/** One bar of the list's heartbeat bar. */
const heartbeat = z.object({
  at: z.iso.datetime({ offset: true }),
  result: z.enum(CHECK_RESULTS),
  latencyMs: z.number().nullable(),
  reason: z.string().nullable(),
  trigger: z.enum(CHECK_TRIGGERS),
});
export type Heartbeat = z.infer<typeof heartbeat>;

/** The list's view of a server's recent checks: the latest ones, oldest first, and the uptime over 24 hours. */
const serverPulse = z.object({
  beats: z.array(heartbeat),
  /** null with no check in the last 24 hours. */
  uptime24hPct: z.number().nullable(),
});
export type ServerPulse = z.infer<typeof serverPulse>;

/** A stdio server's process on the instance that answered (each instance runs its own: docs/stdio.md). */
export const processStateDto = z.object({
  state: z
    .enum(["starting", "running", "stopped", "failed"])
    .describe("`failed`: it crashed, went past a sandbox cap or stopped answering; the next use after `restartAfter` starts it again."),
  since: z.iso.datetime({ offset: true }).nullable().describe("When it started (running) or ended (stopped, failed); null while starting."),
  lastExit: z
    .object({ reason: z.string(), at: z.iso.datetime({ offset: true }) })
    .nullable()
    .describe("Why the last process ended (\"The server exited with code 1. Its last words: …\"); null when none has ended yet."),
  restarts: z.number().int().describe("Starts after a failure since this instance began."),
  restartAfter: z.iso.datetime({ offset: true }).nullable().describe("Failed: the earliest time the next use starts it again (the backoff doubles with each failure in a row, up to 5 minutes)."),
});
export type ProcessStateDto = z.infer<typeof processStateDto>;

export const serverDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  transport: z.enum(SERVER_TRANSPORTS),
  /** A remote server's URL; a stdio server's package as `npm:<identifier>@<version>`. */
  url: z.string(),
  stdio: stdioDto.optional().describe("Transport \"stdio\" only: the package the console runs in its sandbox, its arguments and the names of its environment variables (never their values)."),
  process: processStateDto
    .nullable()
    .optional()
    .describe("Transport \"stdio\", `GET /api/servers/{id}` only: its process on the instance that answered; null when none has run there since that instance started. It starts on first use and stops when idle."),
  headers: z.array(maskedHeader),
  auth: serverAuth.describe("How the server's requests are signed in; never a token."),
  tags: z.array(z.string()),
  monitoring: z.object({ enabled: z.boolean(), intervalSec: z.number().int(), thresholdMs: z.number().int() }),
  /** "auto" or the revision the server is pinned to; the revision actually spoken is `serverInfo.protocolVersion`. */
  protocol: protocolSetting,
  status: z.enum(SERVER_STATUSES),
  lastCheckAt: z.iso.datetime({ offset: true }).nullable(),
  lastCheck: lastCheck
    .nullable()
    .describe("The latest check, which the status, last check time and latency come from; null before the first."),
  latencyMs: z.number().nullable(),
  serverInfo: serverInfo.nullable(),
  capabilities: z.record(z.string(), z.unknown()).nullable(),
  counts: serverCounts,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  security: securitySummary
    .nullable()
    .optional()
    .describe("The latest scan's worst severity and counts; null when the server was never scanned."),
  pulse: serverPulse
    .optional()
    .describe("The list only: the latest checks (oldest first) for the heartbeat bar and sparkline, and the uptime over 24 hours."),
});
/** The server entity as the API returns it. */
export type ServerDto = z.infer<typeof serverDto>;

export const serverUpdateResult = serverDto.extend({
  headersDropped: z
    .array(z.string())
    .describe("Stored headers whose values were not sent on to the URL's new origin (scheme, host or port) because the change did not carry them again: they are removed."),
  signInDropped: z
    .boolean()
    .describe(
      "True when the URL moved to another origin and the server's OAuth sign-in stayed behind: its tokens were revoked at the old authorization server (where it offers revocation) and removed with the client registration and the discovered metadata; `auth.status` is `authorization_required` until the owner signs in again.",
    ),
});
/** `PATCH /api/servers/{id}` → the server, and the stored headers and OAuth sign-in left behind by a move to another origin. */
export type ServerUpdateResult = z.infer<typeof serverUpdateResult>;

/** `GET /api/servers` → the signed-in user's servers, by name. */
export const serverListResponse = z.object({ servers: z.array(serverDto) });
export type ServerListResponse = z.infer<typeof serverListResponse>;

export const connectionTestResult = z.object({
  ok: z.literal(true),
  serverInfo,
  capabilities: z.record(z.string(), z.unknown()),
  counts: serverCounts.extend({ resourceTemplates: z.number().int() }),
  latencyMs: z.number(),
});
/** `POST /api/servers/test` → what the server said about itself. */
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

const described = { title: z.string().optional(), description: z.string().optional() };

export const serverInventory = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      ...described,
      inputSchema: z.record(z.string(), z.unknown()),
      outputSchema: z.record(z.string(), z.unknown()).optional(),
      annotations: z.record(z.string(), z.unknown()).optional(),
      execution: z.object({ taskSupport: z.enum(["required", "optional", "forbidden"]).optional() }).optional(),
    }),
  ),
  resources: z.array(z.object({ uri: z.string(), name: z.string(), ...described, mimeType: z.string().optional() })),
  resourceTemplates: z.array(z.object({ uriTemplate: z.string(), name: z.string(), ...described, mimeType: z.string().optional() })),
  prompts: z.array(
    z.object({
      name: z.string(),
      ...described,
      arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
    }),
  ),
  discoveredAt: z.iso.datetime({ offset: true }).nullable(),
});
/**
 * `GET /api/servers/{id}/inventory` and `POST /api/servers/{id}/discover`:
 * what discovery found, each list sorted by name (URI for resources);
 * `discoveredAt` is null before the first discovery.
 */
export type ServerInventory = z.infer<typeof serverInventory>;

/** `POST /api/servers/import/preview` and the skipped part of the import's answer. */
const importPreviewEntry = z.object({
  name: z.string(),
  transport: z.enum(SERVER_TRANSPORTS).nullable(),
  url: z.string().nullable().describe("A remote server's URL; a stdio server's package as `npm:<identifier>@<version>`."),
  headerNames: z.array(z.string()),
  envNames: z.array(z.string()).describe("A stdio server's environment variables: names only."),
  action: z.enum(["create", "skip"]),
  kind: z.enum(SKIP_KINDS).optional().describe("Why the entry is skipped."),
  reason: z.string().optional(),
  note: z.string().optional().describe("What the import decided for an entry it creates: the exact version an npx package without one is pinned to."),
  key: z.string().optional().describe("A server.json's option: what to send as `choice` to create it."),
  inputs: z.array(importInput).optional().describe("A server.json's option: the values it asks for, sent as `values` by their id."),
});
export type ImportPreviewEntry = z.infer<typeof importPreviewEntry>;

export const importPreview = z.object({
  format: z.enum(["mcpServers", "server.json"]).describe("A server.json's entries are options, of which the import creates one."),
  entries: z.array(importPreviewEntry),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** `POST /api/servers/import`: what was created (and whether it answered) and what was skipped. */
export const importResult = z.object({
  /** `signInRequired`: the server asks its users to sign in (OAuth); it waits for its owner's sign-in on its page. */
  created: z.array(z.object({ id: z.string(), name: z.string(), connected: z.boolean(), status: z.string(), signInRequired: z.boolean() })),
  skipped: z.array(importPreviewEntry),
});
export type ImportResult = z.infer<typeof importResult>;

export const mcpServersFile = z.object({
  mcpServers: z.record(
    z.string(),
    z.union([
      z.object({
        type: z.enum(["http", "sse"]),
        url: z.string(),
        headers: z.record(z.string(), z.string()).optional().describe("Values are `${NAME}` placeholders, never the secrets."),
      }),
      z.object({
        command: z.literal("npx"),
        args: z.array(z.string()).describe("`-y`, the pinned package, then the server's arguments."),
        env: z.record(z.string(), z.string()).optional().describe("Values are `${NAME}` placeholders, never the secrets."),
      }),
    ]),
  ),
});
/** `GET /api/servers/export`: every server as an `mcpServers` entry, as MCP clients' configuration files write them. */
export type McpServersFile = z.infer<typeof mcpServersFile>;
