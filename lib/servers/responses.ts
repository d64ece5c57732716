import { z, type ZodType } from "zod";
import { SEVERITIES } from "../scanner/types";
import { SERVER_STATUSES, TRANSPORTS, type ServerDto, type ServerListResponse } from "./schema";

/**
 * The server entity's answers as zod schemas, for the API reference. Typed
 * against the interfaces the service builds them with, so a field added to
 * one and not the other fails the build; the OpenAPI test checks real answers.
 */

const counts = z.object({ tools: z.number().int(), resources: z.number().int(), prompts: z.number().int() });
const severityCounts = z.object(Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])) as Record<(typeof SEVERITIES)[number], z.ZodNumber>);

export const serverDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  transport: z.enum(TRANSPORTS),
  url: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string().describe("Masked: never the value in full.") })),
  tags: z.array(z.string()),
  monitoring: z.object({ enabled: z.boolean(), intervalSec: z.number().int(), thresholdMs: z.number().int() }),
  status: z.enum(SERVER_STATUSES),
  lastCheckAt: z.iso.datetime({ offset: true }).nullable(),
  latencyMs: z.number().nullable(),
  serverInfo: z
    .object({ name: z.string(), title: z.string().optional(), version: z.string(), protocolVersion: z.string() })
    .nullable(),
  capabilities: z.record(z.string(), z.unknown()).nullable(),
  counts,
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
}) satisfies ZodType<ServerDto>;

export const serverListResponse = z.object({ servers: z.array(serverDto) }) satisfies ZodType<ServerListResponse>;
