import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { BLOCK_SEVERITIES, RESULT_ACTIONS, RESULT_FINDING_KINDS, UNCHECKED_ACTIONS } from "./schema";

/** The gateways' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

const filter = z.object({ allow: z.array(z.string()).optional(), deny: z.array(z.string()).optional() }).nullable();

const gatewayServerDto = z.object({ serverId: z.string(), name: z.string(), prefix: z.string(), status: z.string(), tools: filter, prompts: filter, resources: filter });
export type GatewayServerDto = z.infer<typeof gatewayServerDto>;

const gatewayPolicy = z.object({
  blockSeverity: z.enum(BLOCK_SEVERITIES),
  quarantineChanged: z.boolean(),
  /** What the gateway does with instructions aimed at the model, and with secrets, in what calls return; and with a result it could not read in time. */
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
});
export type GatewayPolicy = z.infer<typeof gatewayPolicy>;

/** `GET /api/gateways/{id}` */
export const gatewayDto = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string().describe("The MCP endpoint (Streamable HTTP) that clients are configured with."),
  servers: z.array(gatewayServerDto),
  policy: gatewayPolicy,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type GatewayDto = z.infer<typeof gatewayDto>;

/** What a gateway keeps from its agents until its owner acts: items blocked by a finding, or quarantined until approved. */
const heldItems = z
  .object({ blocked: z.number().int(), quarantined: z.number().int() })
  .describe("What the gateway keeps from its agents until you act: items blocked by a finding, and items quarantined until approved.");
export type HeldItems = z.infer<typeof heldItems>;

/** `held`: what each keeps from its agents until its owner acts (lib/gateways/held.ts). */
export const gatewayListResponse = z.object({ gateways: z.array(gatewayDto.extend({ held: heldItems })) });
export type GatewayListResponse = z.infer<typeof gatewayListResponse>;

const itemKind = z.enum(["tool", "prompt", "resource", "resource_template"]);

/** Why an item is not served. */
const hiddenReason = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("filtered"), message: z.string() }),
  z.object({ kind: z.literal("blocked"), message: z.string(), finding: z.object({ id: z.string(), ruleId: z.string(), severity: z.string() }) }),
  z.object({ kind: z.literal("quarantined"), message: z.string(), since: z.string().nullable(), change: z.enum(["changed", "new"]) }),
  z.object({ kind: z.literal("server_down"), message: z.string() }),
  z.object({
    kind: z.literal("collision"),
    message: z.string(),
    servedBy: z.object({ serverId: z.string(), serverName: z.string() }).describe("The earlier server whose item the agent gets under that name or URI."),
  }),
]);
export type HiddenReason = z.infer<typeof hiddenReason>;

const viewItemDto = z.object({
  kind: itemKind,
  serverId: z.string(),
  serverName: z.string(),
  /** The name (or URI) on the server. */
  key: z.string(),
  /** The name (or URI) the agent sees. */
  exposedName: z.string(),
  description: z.string(),
  hidden: hiddenReason.nullable().describe("Null when the item is served; otherwise why it is not."),
  /** An estimate of the tokens the definition costs an agent's context (listed items only). */
  tokens: z.number().int(),
});
export type ViewItemDto = z.infer<typeof viewItemDto>;

/** `GET /api/gateways/{id}/view`: what an agent connected to the gateway sees, and what it does not. */
export const gatewayViewDto = z.object({
  items: z.array(viewItemDto),
  counts: z.object({ listed: z.number().int(), hidden: z.number().int() }),
  tokens: z.number().int().describe("What the listed definitions cost an agent's context, as the tokenizer counts them."),
  /** Null when the counter did not answer this time (the view comes without the estimate). */
  tokenizer: z.string().nullable(),
});
export type GatewayViewDto = z.infer<typeof gatewayViewDto>;

export const approveResult = z.object({ approved: z.number().int() });

/** A finding of the result guard as the console shows it: its rule and where it matched, never the text found. */
const resultFindingDto = z.object({
  kind: z.enum(RESULT_FINDING_KINDS),
  ruleId: z.string(),
  /** What was found, in words ("a GitHub token"). */
  what: z.string(),
  pointer: z.string().describe("JSON pointer to the string of the result that held the finding."),
  /** The span in that string, in UTF-16 code units. */
  start: z.number().int(),
  end: z.number().int(),
  action: z.enum(RESULT_ACTIONS),
});
export type ResultFindingDto = z.infer<typeof resultFindingDto>;

/** What the result guard did with one call's result, when it found something or could not read it in time. */
const resultCheck = z
  .object({
    verdict: z.enum(["blocked", "redacted", "flagged", "unchecked"]),
    unchecked: z.string().nullable().describe("Why the result was not read in time, when it was not."),
    findingCount: z.number().int(),
    findings: z.array(resultFindingDto).describe("The first 20 findings: each one's rule and where it matched, never the text found."),
  })
  .describe("What the result guard did with the result.");
export type ResultCheckDto = z.infer<typeof resultCheck>;

const sideLines = z.array(z.object({ text: z.string(), mark: z.tuple([z.number().int(), z.number().int()]).optional().describe("The span of text that changed.") }));

const approvalFindingDto = z.object({ id: z.string(), ruleId: z.string(), ruleTitle: z.string(), severity: z.string(), path: z.string(), evidence: z.string(), remediation: z.string() });
export type ApprovalFindingDto = z.infer<typeof approvalFindingDto>;

/** One definition that approving would make the approved one, beside the one approved before. */
const approvalItemDto = z.object({
  kind: itemKind,
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
  /** The open findings of the server's latest scan on this item (the rug-pull finding aside: the sides show it). */
  findings: z.array(approvalFindingDto),
});
export type ApprovalItemDto = z.infer<typeof approvalItemDto>;

export const approvalPreview = z.object({
  serverName: z.string(),
  items: z.array(approvalItemDto),
  more: z.number().int().describe("Definitions approving all would take that are not shown."),
  /** The latest scan, whose findings are shown: its rules, its time, and whether it read the definitions as they are now. */
  scan: z.object({ ruleSet: z.enum(["basic", "full"]), at: isoTime, current: z.boolean() }).nullable(),
  seen: z.string().describe("Send it back as the approval's seen: the approval is refused if the definitions changed since."),
});
export type ApprovalPreviewDto = z.infer<typeof approvalPreview>;

/** One call in a gateway's live log. */
const gatewayCallDto = z.object({
  id: z.string(),
  at: isoTime,
  method: z.string(),
  /** The name (or URI) as the agent called it. */
  item: z.string(),
  server: z.string().nullable(),
  /**
   * "running": recorded before the call, its outcome not (yet) written. "input_required": a round of a modern
   * client's call that ended with the server's question put to the client, whose answer comes in the next round.
   */
  outcome: z.enum(["ok", "error", "blocked", "rate_limited", "cancelled", "running", "input_required"]),
  durationMs: z.number().nullable(),
  client: z.string().nullable(),
  token: z.string().nullable(),
  error: z.string().nullable(),
  resultCheck: resultCheck.nullable().describe("Null when the result guard found nothing in the result, or did not read it."),
});
export type GatewayCallDto = z.infer<typeof gatewayCallDto>;

/** `GET /api/gateways/{id}/calls` */
export const gatewayCallsResponse = z.object({ calls: z.array(gatewayCallDto) });
export type GatewayCallsResponse = z.infer<typeof gatewayCallsResponse>;

/** A finding in what a server's call returned through one of the owner's gateways: the server's Security tab. */
const serverResultFindingDto = z.object({
  id: z.string(),
  at: isoTime,
  gatewayId: z.string(),
  gateway: z.string().nullable().describe("The gateway's name; null once it is deleted."),
  method: z.string(),
  /** The name (or URI) as the agent called it. */
  item: z.string(),
  check: resultCheck,
});
export type ServerResultFindingDto = z.infer<typeof serverResultFindingDto>;

/** `GET /api/servers/{id}/result-findings` */
export const serverResultFindingsResponse = z.object({ events: z.array(serverResultFindingDto) });
export type ServerResultFindingsResponse = z.infer<typeof serverResultFindingsResponse>;

/** `GET /api/gateways/{id}/stats?range=24h|7d`: calls, errors, blocked calls and latency per bucket. */
export const gatewayCallStats = z.object({
  range: z.enum(["24h", "7d"]),
  bucketSec: z.number().int(),
  points: z.array(
    z.object({ at: isoTime, calls: z.number().int(), errors: z.number().int(), blocked: z.number().int(), p50Ms: z.number().nullable(), p95Ms: z.number().nullable() }),
  ),
  totals: z.object({ calls: z.number().int(), errors: z.number().int(), blocked: z.number().int() }),
});
export type GatewayCallStats = z.infer<typeof gatewayCallStats>;
