import { z } from "zod";
import type { DefinitionSides } from "./definition-sides";

/**
 * A gateway's shapes, shared by the console's forms and the API. A gateway
 * serves the chosen servers of its owner through one MCP endpoint; each
 * server's tools and prompts are renamed `<prefix>__<name>` so that two
 * servers' `search` do not collide.
 */

export const BLOCK_SEVERITIES = ["critical", "high", "medium", "low", "off"] as const;
export type BlockSeverity = (typeof BLOCK_SEVERITIES)[number];

/**
 * High by default: a critical or high finding is what the scanner reports for
 * instructions aimed at the model, hidden text, secrets asked for and tools
 * that shadow others; medium and low are more often wording a person should
 * read, and blocking them would hide most real servers' tools.
 */
export const DEFAULT_POLICY = {
  blockSeverity: "high",
  quarantineChanged: true,
  results: { instructions: "redact", secrets: "redact", unchecked: "block" },
} as const satisfies GatewayPolicy;

/**
 * What the gateway does with a finding in what a call returns (result
 * guard): refuse the whole result, replace the offending span by a marker,
 * deliver it as is (audited all three), or not look.
 */
export const RESULT_ACTIONS = ["block", "redact", "flag", "off"] as const;
export type ResultAction = (typeof RESULT_ACTIONS)[number];
/** The two kinds of finding the result guard looks for. */
export const RESULT_FINDING_KINDS = ["instructions", "secrets"] as const;
export type ResultFindingKind = (typeof RESULT_FINDING_KINDS)[number];
export type ResultPolicy = Record<ResultFindingKind, ResultAction>;
/**
 * What becomes of a result the guard could not read within its time budget:
 * refused, or delivered as it came and recorded as not checked.
 */
export const UNCHECKED_ACTIONS = ["block", "deliver"] as const;
export type UncheckedAction = (typeof UNCHECKED_ACTIONS)[number];
/** The result guard's part of a gateway's policy: an action per kind of finding, and one for a result not read in time. */
export type ResultsPolicy = ResultPolicy & { unchecked: UncheckedAction };

/** Between a server's prefix and an item's name. */
export const NAME_SEPARATOR = "__";
/** What the common clients accept in a tool name (Claude, OpenAI, Cursor, VS Code): letters, digits, _ and -, at most 64. */
export const MAX_TOOL_NAME = 64;
export const MAX_PREFIX = 24;
export const MAX_GATEWAY_SERVERS = 50;
export const MAX_FILTER_NAMES = 500;

export const ITEM_KINDS = ["tools", "prompts", "resources"] as const;
export type ItemKindList = (typeof ITEM_KINDS)[number];

const gatewayName = z.string().trim().min(1, "Enter a name.").max(80, "Names are at most 80 characters.");

export const prefixInput = z
  .string()
  .trim()
  .min(1, "Enter a prefix.")
  .max(MAX_PREFIX, `Prefixes are at most ${MAX_PREFIX} characters.`)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "Prefixes use lowercase letters, digits and single hyphens inside.")
  .refine((s) => !s.includes("--"), "Prefixes use lowercase letters, digits and single hyphens inside.");

const names = z
  .array(z.string().min(1, "Names cannot be empty.").max(512, "Names are at most 512 characters."))
  .max(MAX_FILTER_NAMES, `A list holds at most ${MAX_FILTER_NAMES} names.`);

/** All (absent), an allow list (only these) or a deny list (all but these); not both. */
export const itemFilter = z
  .object({ allow: names.optional(), deny: names.optional() })
  .strict()
  .refine((f) => !(f.allow && f.deny), { message: "Give an allow list or a deny list, not both." });
export type ItemFilter = z.infer<typeof itemFilter>;

export const gatewayServerInput = z
  .object({
    serverId: z.string().trim().min(1, "Choose a server."),
    prefix: prefixInput.optional(),
    tools: itemFilter.optional(),
    prompts: itemFilter.optional(),
    resources: itemFilter.optional(),
  })
  .strict();
export type GatewayServerInput = z.infer<typeof gatewayServerInput>;

const resultAction = z.enum(RESULT_ACTIONS, { error: "Choose block, redact, flag or off." });

export const policyInput = z
  .object({
    blockSeverity: z.enum(BLOCK_SEVERITIES, { error: "Choose critical, high, medium, low or off." }).optional(),
    quarantineChanged: z.boolean({ error: "quarantineChanged is true or false." }).optional(),
    results: z
      .object({
        instructions: resultAction.optional(),
        secrets: resultAction.optional(),
        unchecked: z.enum(UNCHECKED_ACTIONS, { error: "Choose block or deliver." }).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

function uniqueServers(servers: GatewayServerInput[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  servers.forEach((s, i) => {
    if (seen.has(s.serverId)) ctx.addIssue({ code: "custom", path: ["servers", i, "serverId"], message: "This server is already in the gateway." });
    seen.add(s.serverId);
  });
}

const serverList = z.array(gatewayServerInput).max(MAX_GATEWAY_SERVERS, `A gateway includes at most ${MAX_GATEWAY_SERVERS} servers.`);

export const gatewayCreate = z
  .object({ name: gatewayName, servers: serverList.default([]), policy: policyInput.optional() })
  .strict()
  .superRefine((g, ctx) => uniqueServers(g.servers, ctx));
export type GatewayCreate = z.infer<typeof gatewayCreate>;

export const gatewayUpdate = z
  .object({ name: gatewayName.optional(), servers: serverList.optional(), policy: policyInput.optional() })
  .strict()
  .superRefine((g, ctx) => g.servers && uniqueServers(g.servers, ctx));
export type GatewayUpdate = z.infer<typeof gatewayUpdate>;

export interface GatewayPolicy {
  blockSeverity: BlockSeverity;
  quarantineChanged: boolean;
  /** What the gateway does with instructions aimed at the model, and with secrets, in what calls return; and with a result it could not read in time. */
  results: ResultsPolicy;
}

export interface GatewayServerDto {
  serverId: string;
  name: string;
  prefix: string;
  status: string;
  tools: ItemFilter | null;
  prompts: ItemFilter | null;
  resources: ItemFilter | null;
}

/** `GET /api/gateways/{id}` */
export interface GatewayDto {
  id: string;
  name: string;
  slug: string;
  /** The MCP endpoint, absolute: what a client is configured with. */
  url: string;
  servers: GatewayServerDto[];
  policy: GatewayPolicy;
  createdAt: string;
  updatedAt: string;
}

/** What a gateway keeps from its agents until its owner acts: items blocked by a finding, or quarantined until approved. */
export interface HeldItems {
  blocked: number;
  quarantined: number;
}

export interface GatewayListResponse {
  /** `held`: what each keeps from its agents until its owner acts (lib/gateways/held.ts). */
  gateways: (GatewayDto & { held: HeldItems })[];
}

/** Why an item is not served. */
export type HiddenReason =
  | { kind: "filtered"; message: string }
  | { kind: "blocked"; message: string; finding: { id: string; ruleId: string; severity: string } }
  | { kind: "quarantined"; message: string; since: string | null; change: "changed" | "new" }
  | { kind: "server_down"; message: string }
  /** `servedBy`: the earlier server whose item the agent gets under that name (or URI). */
  | { kind: "collision"; message: string; servedBy: { serverId: string; serverName: string } };

export interface ViewItemDto {
  kind: "tool" | "prompt" | "resource" | "resource_template";
  serverId: string;
  serverName: string;
  /** The name (or URI) on the server. */
  key: string;
  /** The name (or URI) the agent sees. */
  exposedName: string;
  description: string;
  hidden: HiddenReason | null;
  /** An estimate of the tokens the definition costs an agent's context (listed items only). */
  tokens: number;
}

/** `GET /api/gateways/{id}/view`: what an agent connected to the gateway sees, and what it does not. */
export interface GatewayViewDto {
  items: ViewItemDto[];
  counts: { listed: number; hidden: number };
  /** The listed definitions' estimated tokens in all, as the tokenizer counts them. */
  tokens: number;
  /** Null when the counter did not answer this time (the view comes without the estimate). */
  tokenizer: string | null;
}

const approvalTarget = {
  serverId: z.string().trim().min(1, "Choose a server."),
  kind: z.enum(["tool", "prompt", "resource", "resource_template"]).optional(),
  key: z.string().min(1).max(2048).optional(),
};
const bothOrNeither = (a: { kind?: string; key?: string }) => (a.kind === undefined) === (a.key === undefined);
const BOTH_OR_NEITHER = { message: "Give both kind and key, or neither to approve all." };

/** `GET /api/gateways/{id}/approve`: what approving an item (or all of a server's) would approve, before it is. */
export const approvalPreviewQuery = z.object(approvalTarget).refine(bothOrNeither, BOTH_OR_NEITHER);

/** `POST /api/gateways/{id}/approve`: approves the current definition of an item (or all quarantined ones of a server). */
export const approveInput = z
  .object({
    ...approvalTarget,
    /** The preview's `seen`: approving is refused when the definitions changed again since it was read. */
    seen: z.string().regex(/^[0-9a-f]{64}$/, "seen is the preview's seen value.").optional(),
  })
  .strict()
  .refine(bothOrNeither, BOTH_OR_NEITHER);
export type ApproveInput = z.infer<typeof approveInput>;

/** A finding of the result guard as the console shows it: its rule and where it matched, never the text found. */
export interface ResultFindingDto {
  kind: ResultFindingKind;
  ruleId: string;
  /** What was found, in words ("a GitHub token"). */
  what: string;
  /** JSON pointer to the string of the result that held it. */
  pointer: string;
  /** The span in that string, in UTF-16 code units. */
  start: number;
  end: number;
  action: ResultAction;
}

/** What the result guard did with one call's result, when it found something or could not read it in time. */
export interface ResultCheckDto {
  verdict: "blocked" | "redacted" | "flagged" | "unchecked";
  /** Why the result was not read, when it was not (it was then refused or delivered, as the policy's `unchecked` says). */
  unchecked: string | null;
  findingCount: number;
  /** The first findings (at most 20); `findingCount` says how many there were. */
  findings: ResultFindingDto[];
}

/** A finding in what a server's call returned through one of the owner's gateways: the server's Security tab. */
export interface ServerResultFindingDto {
  id: string;
  at: string;
  gatewayId: string;
  /** Null once the gateway is deleted. */
  gateway: string | null;
  method: string;
  /** The name (or URI) as the agent called it. */
  item: string;
  check: ResultCheckDto;
}

/** `GET /api/servers/{id}/result-findings` */
export interface ServerResultFindingsResponse {
  events: ServerResultFindingDto[];
}

/** One definition that approving would make the approved one, beside the one approved before. */
export interface ApprovalItemDto {
  kind: ViewItemDto["kind"];
  key: string;
  change: "changed" | "new" | "unchanged";
  /** Null when the change was too large to lay out in its time. */
  sides: DefinitionSides | null;
  /** The open findings of the server's latest scan on this item (the rug-pull finding aside: the sides show it). */
  findings: ApprovalFindingDto[];
}

export interface ApprovalFindingDto {
  id: string;
  ruleId: string;
  ruleTitle: string;
  severity: string;
  path: string;
  evidence: string;
  remediation: string;
}

export interface ApprovalPreviewDto {
  serverName: string;
  items: ApprovalItemDto[];
  /** Items approving all would take that are not shown (past the preview's limit). */
  more: number;
  /** The latest scan, whose findings are shown: its rules, its time, and whether it read the definitions as they are now. */
  scan: { ruleSet: "basic" | "full"; at: string; current: boolean } | null;
  /** Sent back with the approval: it is refused if the definitions changed since. */
  seen: string;
}

/** One call in a gateway's live log. */
export interface GatewayCallDto {
  id: string;
  at: string;
  method: string;
  /** The name (or URI) as the agent called it. */
  item: string;
  server: string | null;
  /**
   * "running": recorded before the call, its outcome not (yet) written. "input_required": a round of a modern
   * client's call that ended with the server's question put to the client, whose answer comes in the next round.
   */
  outcome: "ok" | "error" | "blocked" | "rate_limited" | "cancelled" | "running" | "input_required";
  durationMs: number | null;
  client: string | null;
  token: string | null;
  error: string | null;
  /** What the result guard did with the call's result; null when it found nothing (or did not read it: off, or a failed call). */
  resultCheck: ResultCheckDto | null;
}

/** `GET /api/gateways/{id}/calls` */
export interface GatewayCallsResponse {
  calls: GatewayCallDto[];
}

/** `GET /api/gateways/{id}/stats?range=24h|7d`: calls, errors, blocked calls and latency per bucket. */
export interface GatewayCallStats {
  range: "24h" | "7d";
  bucketSec: number;
  points: { at: string; calls: number; errors: number; blocked: number; p50Ms: number | null; p95Ms: number | null }[];
  totals: { calls: number; errors: number; blocked: number };
}
