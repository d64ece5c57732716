import { z } from "zod";
import type { GatewayPolicy } from "./responses";

/**
 * A gateway's shapes, shared by the console's forms and the API. A gateway
 * serves the chosen servers of its owner through one MCP endpoint; each
 * server's tools and prompts are renamed `<prefix>__<name>` so that two
 * servers' `search` do not collide.
 */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type {
  ApprovalFindingDto,
  ApprovalItemDto,
  ApprovalPreviewDto,
  GatewayCallDto,
  GatewayCallsResponse,
  GatewayCallStats,
  GatewayDto,
  GatewayListResponse,
  GatewayPolicy,
  GatewayServerDto,
  GatewayViewDto,
  HeldItems,
  HiddenReason,
  ResultCheckDto,
  ResultFindingDto,
  ServerResultFindingDto,
  ServerResultFindingsResponse,
  ViewItemDto,
} from "./responses";

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
export type ResultsPolicy = GatewayPolicy["results"];

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
