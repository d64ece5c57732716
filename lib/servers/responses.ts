import { z, type ZodType } from "zod";
// The latest scan's summary on a server: see the servers <-> scanner note in ./service.ts.
import { severityCounts } from "../scanner/responses";
import { SEVERITIES } from "../scanner/types";
import { importInput } from "./server-json";
import { SKIP_KINDS, type ImportPreview, type ImportResult, type toConfigFile } from "./mcp-config";
import { CHECK_RESULTS, CHECK_TRIGGERS, protocolSetting, SERVER_STATUSES, type ConnectionTestResult, type ServerDto, type ServerInventory, type ServerListResponse, type ServerUpdateResult } from "./schema";
import { SERVER_TRANSPORTS } from "../mcp/types";
import { stdioDto } from "./stdio-schema";

/**
 * The server entity's answers as zod schemas, for the API reference. Typed
 * against the interfaces the service builds them with: the build fails when a
 * schema lacks a required field or types one otherwise, not when it lacks an
 * optional one or adds one; the OpenAPI test checks real answers.
 */

export const serverCounts = z.object({ tools: z.number().int(), resources: z.number().int(), prompts: z.number().int() });

const serverInfo = z.object({
  name: z.string(),
  title: z.string().optional(),
  version: z.string(),
  protocolVersion: z.string().describe('The MCP protocol revision actually spoken with the server, e.g. "2026-07-28".'),
});

export const serverDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  transport: z.enum(SERVER_TRANSPORTS),
  url: z.string(),
  stdio: stdioDto.optional().describe("Transport \"stdio\" only: the package the console runs in its sandbox, its arguments and the names of its environment variables (never their values)."),
  headers: z.array(z.object({ name: z.string(), value: z.string().describe("Masked: never the value in full.") })),
  auth: z
    .object({
      type: z.enum(["headers", "oauth"]),
      status: z.enum(["authorized", "authorization_required", "reauthorization_required"]),
      reason: z.string().nullable(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
      lastRefreshAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .describe("How the server's requests are signed in; never a token."),
  tags: z.array(z.string()),
  monitoring: z.object({ enabled: z.boolean(), intervalSec: z.number().int(), thresholdMs: z.number().int() }),
  protocol: protocolSetting,
  status: z.enum(SERVER_STATUSES),
  lastCheckAt: z.iso.datetime({ offset: true }).nullable(),
  lastCheck: z
    .object({ trigger: z.enum(CHECK_TRIGGERS), result: z.enum(CHECK_RESULTS), reason: z.string().nullable() })
    .nullable()
    .describe("The latest check, which the status, last check time and latency come from; null before the first."),
  latencyMs: z.number().nullable(),
  serverInfo: serverInfo.nullable(),
  capabilities: z.record(z.string(), z.unknown()).nullable(),
  counts: serverCounts,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  security: z
    .object({
      scanId: z.string(),
      worst: z.enum(SEVERITIES).nullable(),
      counts: severityCounts,
      scannedAt: z.iso.datetime({ offset: true }),
    })
    .nullable()
    .optional()
    .describe("The latest scan's worst severity and counts; null when the server was never scanned."),
  pulse: z
    .object({
      beats: z.array(
        z.object({
          at: z.iso.datetime({ offset: true }),
          result: z.enum(CHECK_RESULTS),
          latencyMs: z.number().nullable(),
          reason: z.string().nullable(),
          trigger: z.enum(CHECK_TRIGGERS),
        }),
      ),
      uptime24hPct: z.number().nullable(),
    })
    .optional()
    .describe("The list only: the latest checks (oldest first) for the heartbeat bar and sparkline, and the uptime over 24 hours."),
}) satisfies ZodType<ServerDto>;

export const serverUpdateResult = serverDto.extend({
  headersDropped: z
    .array(z.string())
    .describe("Stored headers whose values were not sent on to the URL's new origin (scheme, host or port) because the change did not carry them again: they are removed."),
  signInDropped: z
    .boolean()
    .describe(
      "True when the URL moved to another origin and the server's OAuth sign-in stayed behind: its tokens were revoked at the old authorization server (where it offers revocation) and removed with the client registration and the discovered metadata; `auth.status` is `authorization_required` until the owner signs in again.",
    ),
}) satisfies ZodType<ServerUpdateResult>;

export const serverListResponse = z.object({ servers: z.array(serverDto) }) satisfies ZodType<ServerListResponse>;

export const connectionTestResult = z.object({
  ok: z.literal(true),
  serverInfo,
  capabilities: z.record(z.string(), z.unknown()),
  counts: serverCounts.extend({ resourceTemplates: z.number().int() }),
  latencyMs: z.number(),
}) satisfies ZodType<ConnectionTestResult>;

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
}) satisfies ZodType<ServerInventory>;

const importPreviewEntry = z.object({
  name: z.string(),
  transport: z.enum(SERVER_TRANSPORTS).nullable(),
  url: z.string().nullable().describe("A remote server's URL; a stdio server's package as `npm:<identifier>@<version>`."),
  headerNames: z.array(z.string()),
  envNames: z.array(z.string()).describe("A stdio server's environment variables: names only."),
  action: z.enum(["create", "skip"]),
  kind: z.enum(SKIP_KINDS).optional().describe("Why the entry is skipped."),
  reason: z.string().optional(),
  key: z.string().optional().describe("A server.json's option: what to send as `choice` to create it."),
  inputs: z.array(importInput).optional().describe("A server.json's option: the values it asks for, sent as `values` by their id."),
});

export const importPreview = z.object({
  format: z.enum(["mcpServers", "server.json"]).describe("A server.json's entries are options, of which the import creates one."),
  entries: z.array(importPreviewEntry),
}) satisfies ZodType<ImportPreview>;

export const importResult = z.object({
  created: z.array(z.object({ id: z.string(), name: z.string(), connected: z.boolean(), status: z.string(), signInRequired: z.boolean() })),
  skipped: z.array(importPreviewEntry),
}) satisfies ZodType<ImportResult>;

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
}) satisfies ZodType<ReturnType<typeof toConfigFile>>;
