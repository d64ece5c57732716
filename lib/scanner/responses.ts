import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { DECISION_STATUSES, SCAN_TRIGGERS, type FindingDecisionDto, type FindingDecisionResult, type FindingDto, type FindingsExport, type PinResult, type ScanDetail, type ScanNowResult, type ScanOverview, type ScanSummary } from "./schema";
import type { SeverityCounts } from "./severity";
import { SEVERITIES } from "./types";

/**
 * The scanner's answers as zod schemas, for the API reference; typed against
 * the interfaces the service builds them with (see lib/servers/responses.ts).
 */

export const severityCounts = z.object(
  Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])) as Record<(typeof SEVERITIES)[number], z.ZodNumber>,
) satisfies ZodType<SeverityCounts>;

const findingDecisionDto = z.object({
  status: z.enum(DECISION_STATUSES),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable().describe("The display name of who decided; null once that account is gone."),
  decidedAt: isoTime,
}) satisfies ZodType<FindingDecisionDto>;

const findingDto = z.object({
  id: z.string(),
  fingerprint: z.string().describe("The finding's stable id: the same in every scan that finds the same thing (rule, target, JSON pointer and evidence)."),
  decision: findingDecisionDto.nullable().describe("Accepted or false positive; null while the finding is open."),
  ruleId: z.string(),
  ruleTitle: z.string(),
  severity: z.enum(SEVERITIES),
  target: z.object({ kind: z.enum(["tool", "prompt", "resource", "resource_template", "server"]), name: z.string(), path: z.string() }),
  evidence: z.string(),
  remediation: z.string(),
  diff: z
    .object({
      change: z.enum(["added", "removed", "changed"]),
      entries: z.array(z.object({ path: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })),
    })
    .nullable()
    .describe("For a definition that changed since the baseline: what changed."),
}) satisfies ZodType<FindingDto>;

const scanSummary = z.object({
  id: z.string(),
  trigger: z.enum(SCAN_TRIGGERS),
  ruleSet: z.enum(["basic", "full"]),
  rulesRun: z.number().int(),
  rulesSkipped: z.number().int(),
  counts: severityCounts.describe("Open findings by severity."),
  total: z.number().int(),
  worst: z.enum(SEVERITIES).nullable(),
  setAside: z
    .object({ accepted: z.number().int(), falsePositive: z.number().int() })
    .describe("Findings accepted or marked as false positives: listed apart, and left out of counts, total and worst."),
  definitionsHash: z.string(),
  durationMs: z.number(),
  createdAt: isoTime,
}) satisfies ZodType<ScanSummary>;

export const scanDetail = scanSummary.extend({
  findings: z.array(findingDto),
  findingsOmitted: z.number().int().describe("Findings beyond the answer's limit."),
}) satisfies ZodType<ScanDetail>;

export const scanNowResult = scanDetail.extend({
  refreshError: z.string().optional().describe("Why the definitions could not be discovered again; the scan used the last ones."),
}) satisfies ZodType<ScanNowResult>;

const baselineDto = z.object({
  pinnedAt: isoTime,
  items: z.object({ tools: z.number().int(), prompts: z.number().int(), resources: z.number().int(), resourceTemplates: z.number().int() }),
});

export const scanOverview = z.object({
  latest: scanDetail.nullable(),
  history: z.array(scanSummary).nullable().describe("Null on a plan without the full scanner."),
  baseline: baselineDto.nullable(),
  features: z.object({ fullScanner: z.boolean(), dataExport: z.boolean() }),
  locked: z.object({ rulesNotRun: z.number().int(), rules: z.array(z.object({ id: z.string(), title: z.string() })), unlocks: z.array(z.string()) }).nullable(),
  discoveredAt: isoTime.nullable(),
}) satisfies ZodType<ScanOverview>;

export const pinResult = z.object({ baseline: baselineDto, scan: scanDetail }) satisfies ZodType<PinResult>;

export const findingsExport = z.object({
  server: z.object({ id: z.string(), name: z.string(), url: z.string(), transport: z.string() }),
  scan: scanSummary,
  findings: z.array(findingDto),
  findingsOmitted: z.number().int(),
  exportedAt: isoTime,
}) satisfies ZodType<FindingsExport>;

export const findingDecisionResult = z.object({
  fingerprint: z.string(),
  decision: findingDecisionDto.nullable().describe("Null: the finding is open again."),
}) satisfies ZodType<FindingDecisionResult>;
