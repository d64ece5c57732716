import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { BLOCK_SEVERITIES, RESULT_ACTIONS, RESULT_FINDING_KINDS, UNCHECKED_ACTIONS, type ApprovalPreviewDto, type GatewayCallStats, type GatewayCallsResponse, type GatewayDto, type GatewayListResponse, type GatewayViewDto, type ServerResultFindingsResponse } from "./schema";

/** The gateways' answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

const filter = z.object({ allow: z.array(z.string()).optional(), deny: z.array(z.string()).optional() }).nullable();

export const gatewayDto = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string().describe("The MCP endpoint (Streamable HTTP) that clients are configured with."),
  servers: z.array(
    z.object({ serverId: z.string(), name: z.string(), prefix: z.string(), status: z.string(), tools: filter, prompts: filter, resources: filter }),
  ),
  policy: z.object({
    blockSeverity: z.enum(BLOCK_SEVERITIES),
    quarantineChanged: z.boolean(),
    results: z
      .object({
        instructions: z.enum(RESULT_ACTIONS),
        secrets: z.enum(RESULT_ACTIONS),
        unchecked: z
          .enum(UNCHECKED_ACTIONS)
          .describe(
            "A result the guard could not read within its time budget (large results are read off the request thread, for at most 2 s). block: the client gets a JSON-RPC error; deliver: delivered as it came, with a \"not checked\" mark under the result's _meta (dev.mcp-console/result-guard). Audited as gateway.result_flagged either way.",
          ),
      })
      .describe(
        "The result guard: what a call's result that holds instructions aimed at the model, or a secret, becomes. block: the client gets a JSON-RPC error; redact: the span is replaced by a marker; flag: delivered as is; each finding is audited as gateway.result_flagged. off: not checked.",
      ),
  }),
  createdAt: isoTime,
  updatedAt: isoTime,
}) satisfies ZodType<GatewayDto>;

const heldItems = z
  .object({ blocked: z.number().int(), quarantined: z.number().int() })
  .describe("What the gateway keeps from its agents until you act: items blocked by a finding, and items quarantined until approved.");

export const gatewayListResponse = z.object({ gateways: z.array(gatewayDto.extend({ held: heldItems })) }) satisfies ZodType<GatewayListResponse>;

const hidden = z
  .object({
    kind: z.enum(["filtered", "blocked", "quarantined", "server_down", "collision"]),
    message: z.string(),
    finding: z.object({ id: z.string(), ruleId: z.string(), severity: z.string() }).optional(),
    since: z.string().nullable().optional(),
    change: z.enum(["changed", "new"]).optional(),
    servedBy: z.object({ serverId: z.string(), serverName: z.string() }).optional().describe("collision: the earlier server whose item the agent gets under that name or URI."),
  })
  .nullable();

export const gatewayViewDto = z.object({
  items: z.array(
    z.object({
      kind: z.enum(["tool", "prompt", "resource", "resource_template"]),
      serverId: z.string(),
      serverName: z.string(),
      key: z.string(),
      exposedName: z.string(),
      description: z.string(),
      hidden: hidden.describe("Null when the item is served; otherwise why it is not."),
      tokens: z.number().int(),
    }),
  ),
  counts: z.object({ listed: z.number().int(), hidden: z.number().int() }),
  tokens: z.number().int().describe("What the listed definitions cost an agent's context, as the tokenizer counts them."),
  tokenizer: z.string().nullable(),
}) as unknown as ZodType<GatewayViewDto>;

export const approveResult = z.object({ approved: z.number().int() });

const resultCheck = z
  .object({
    verdict: z.enum(["blocked", "redacted", "flagged", "unchecked"]),
    unchecked: z.string().nullable().describe("Why the result was not read in time, when it was not."),
    findingCount: z.number().int(),
    findings: z
      .array(
        z.object({
          kind: z.enum(RESULT_FINDING_KINDS),
          ruleId: z.string(),
          what: z.string(),
          pointer: z.string().describe("JSON pointer to the string of the result that held the finding."),
          start: z.number().int(),
          end: z.number().int(),
          action: z.enum(RESULT_ACTIONS),
        }),
      )
      .describe("The first 20 findings: each one's rule and where it matched, never the text found."),
  })
  .describe("What the result guard did with the result.");
const sideLines = z.array(z.object({ text: z.string(), mark: z.tuple([z.number().int(), z.number().int()]).optional().describe("The span of text that changed.") }));

export const approvalPreview = z.object({
  serverName: z.string(),
  items: z.array(
    z.object({
      kind: z.enum(["tool", "prompt", "resource", "resource_template"]),
      key: z.string(),
      change: z.enum(["changed", "new", "unchanged"]),
      sides: z
        .object({
          before: sideLines.nullable().describe("The approved definition as indented JSON lines; null for an item never approved."),
          after: sideLines.describe("The definition the server offers now."),
          changes: z.number().int(),
          capped: z.boolean(),
          truncated: z.boolean(),
        })
        .nullable()
        .describe("Null when the change was too large to lay out in its time."),
      findings: z.array(
        z.object({ id: z.string(), ruleId: z.string(), ruleTitle: z.string(), severity: z.string(), path: z.string(), evidence: z.string(), remediation: z.string() }),
      ),
    }),
  ),
  more: z.number().int().describe("Definitions approving all would take that are not shown."),
  scan: z.object({ ruleSet: z.enum(["basic", "full"]), at: isoTime, current: z.boolean() }).nullable(),
  seen: z.string().describe("Send it back as the approval's seen: the approval is refused if the definitions changed since."),
}) satisfies ZodType<ApprovalPreviewDto>;

export const gatewayCallsResponse = z.object({
  calls: z.array(
    z.object({
      id: z.string(),
      at: isoTime,
      method: z.string(),
      item: z.string(),
      server: z.string().nullable(),
      outcome: z.enum(["ok", "error", "blocked", "rate_limited", "cancelled", "running", "input_required"]),
      durationMs: z.number().nullable(),
      client: z.string().nullable(),
      token: z.string().nullable(),
      error: z.string().nullable(),
      resultCheck: resultCheck.nullable().describe("Null when the result guard found nothing in the result, or did not read it."),
    }),
  ),
}) satisfies ZodType<GatewayCallsResponse>;

export const serverResultFindingsResponse = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      at: isoTime,
      gatewayId: z.string(),
      gateway: z.string().nullable().describe("The gateway's name; null once it is deleted."),
      method: z.string(),
      item: z.string(),
      check: resultCheck,
    }),
  ),
}) satisfies ZodType<ServerResultFindingsResponse>;

export const gatewayCallStats = z.object({
  range: z.enum(["24h", "7d"]),
  bucketSec: z.number().int(),
  points: z.array(
    z.object({ at: isoTime, calls: z.number().int(), errors: z.number().int(), blocked: z.number().int(), p50Ms: z.number().nullable(), p95Ms: z.number().nullable() }),
  ),
  totals: z.object({ calls: z.number().int(), errors: z.number().int(), blocked: z.number().int() }),
}) satisfies ZodType<GatewayCallStats>;
