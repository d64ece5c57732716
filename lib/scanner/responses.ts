import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { DECISION_STATUSES, SCAN_TRIGGERS } from "./schema";
import { SEVERITIES } from "./types";

/**
 * The scanner's answers: one zod schema each, its type inferred from it
 * (re-exported by ./schema.ts; see lib/servers/responses.ts).
 */

/** Findings counted by severity, every severity present (the engine's SeverityCounts, lib/scanner/severity.ts). */
export const severityCounts = z.object(
  Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])) as Record<(typeof SEVERITIES)[number], z.ZodNumber>,
);

const findingDecisionDto = z.object({
  status: z.enum(DECISION_STATUSES),
  /** Why (always given for an accepted finding). */
  reason: z.string().nullable(),
  decidedBy: z.string().nullable().describe("The display name of who decided; null once that account is gone."),
  decidedAt: isoTime,
});
export type FindingDecisionDto = z.infer<typeof findingDecisionDto>;

/** Findings set aside by a decision: listed apart, and left out of `counts`, `total` and `worst`. */
const setAsideCounts = z.object({ accepted: z.number().int(), falsePositive: z.number().int() });
export type SetAsideCounts = z.infer<typeof setAsideCounts>;

const findingDto = z.object({
  id: z.string(),
  fingerprint: z.string().describe("The finding's stable id: the same in every scan that finds the same thing (rule, target, JSON pointer and evidence)."),
  decision: findingDecisionDto.nullable().describe("Accepted or false positive; null while the finding is open."),
  ruleId: z.string(),
  /** The rule's title, in words. */
  ruleTitle: z.string(),
  severity: z.enum(SEVERITIES),
  target: z.object({ kind: z.enum(["tool", "prompt", "resource", "resource_template", "server"]), name: z.string(), path: z.string() }),
  /** The excerpt, invisible characters made visible (⟨U+200B⟩, ⟨ESC⟩[8m). */
  evidence: z.string(),
  remediation: z.string(),
  /** Rug pulls: the changes since the pinned baseline. */
  diff: z
    .object({
      change: z.enum(["added", "removed", "changed"]),
      entries: z.array(z.object({ path: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })),
    })
    .nullable()
    .describe("For a definition that changed since the baseline: what changed."),
});
export type FindingDto = z.infer<typeof findingDto>;

/** One scan without its findings: what a history entry shows. */
const scanSummary = z.object({
  id: z.string(),
  trigger: z.enum(SCAN_TRIGGERS),
  /** "basic" (the free tier's rules) or "full". */
  ruleSet: z.enum(["basic", "full"]),
  rulesRun: z.number().int(),
  /** Rules the plan did not run. */
  rulesSkipped: z.number().int(),
  counts: severityCounts.describe("Open findings by severity."),
  /** Open findings. */
  total: z.number().int(),
  /** The most severe open finding's level; null when none is open. */
  worst: z.enum(SEVERITIES).nullable(),
  setAside: setAsideCounts.describe("Findings accepted or marked as false positives: listed apart, and left out of counts, total and worst."),
  /** The same definitions give the same hash: two scans with equal hashes read the same thing. */
  definitionsHash: z.string(),
  durationMs: z.number(),
  createdAt: isoTime,
});
export type ScanSummary = z.infer<typeof scanSummary>;

/** A scan and its findings, most severe first. */
export const scanDetail = scanSummary.extend({
  findings: z.array(findingDto),
  findingsOmitted: z.number().int().describe("Findings beyond the answer's limit."),
});
export type ScanDetail = z.infer<typeof scanDetail>;

/** `POST /api/servers/{id}/scan`: the scan; `refreshError` when the server could not be asked again and its stored definitions were scanned. */
export const scanNowResult = scanDetail.extend({
  refreshError: z.string().optional().describe("Why the definitions could not be discovered again; the scan used the last ones."),
});
export type ScanNowResult = z.infer<typeof scanNowResult>;

const baselineDto = z.object({
  pinnedAt: isoTime,
  /** Definitions pinned, by kind. */
  items: z.object({ tools: z.number().int(), prompts: z.number().int(), resources: z.number().int(), resourceTemplates: z.number().int() }),
});
export type BaselineDto = z.infer<typeof baselineDto>;

/** What a plan without the full scanner does not get, so that the page can say so. */
const scannerLocked = z.object({
  /** Rules the full scanner runs and this plan does not. */
  rulesNotRun: z.number().int(),
  rules: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The other things the full scanner adds, in words. */
  unlocks: z.array(z.string()),
});
export type ScannerLocked = z.infer<typeof scannerLocked>;

/** `GET /api/servers/{id}/scan` */
export const scanOverview = z.object({
  latest: scanDetail.nullable(),
  history: z.array(scanSummary).nullable().describe("Null on a plan without the full scanner."),
  /** The pinned definitions; null when none are pinned (or the plan has no baselines). */
  baseline: baselineDto.nullable(),
  features: z.object({ fullScanner: z.boolean(), dataExport: z.boolean() }),
  locked: scannerLocked.nullable(),
  /** When the scanned definitions were last discovered; null before the first discovery. */
  discoveredAt: isoTime.nullable(),
});
export type ScanOverview = z.infer<typeof scanOverview>;

/** `POST /api/servers/{id}/scan/baseline`: the baseline, and the scan run against it right after pinning. */
export const pinResult = z.object({ baseline: baselineDto, scan: scanDetail });
export type PinResult = z.infer<typeof pinResult>;

/** A server's security at a glance, for lists: its latest scan's worst open severity and its open findings by severity. */
export const securitySummary = z.object({
  scanId: z.string(),
  worst: z.enum(SEVERITIES).nullable(),
  counts: severityCounts,
  scannedAt: isoTime,
});
export type SecuritySummary = z.infer<typeof securitySummary>;

/** `GET /api/servers/{id}/scan/export?format=json`: the latest scan and its findings. */
export const findingsExport = z.object({
  server: z.object({ id: z.string(), name: z.string(), url: z.string(), transport: z.string() }),
  scan: scanSummary,
  findings: z.array(findingDto),
  findingsOmitted: z.number().int(),
  exportedAt: isoTime,
});
export type FindingsExport = z.infer<typeof findingsExport>;

/** The dashboard's scanner card: the open findings of every server's latest scan, added up. */
export const fleetFindings = z.object({
  bySeverity: severityCounts,
  scannedServers: z.number().int(),
  notScanned: z.number().int(),
  /** Servers whose latest scan found something above info, worst first (at most a few). */
  worstServers: z.array(z.object({ id: z.string(), name: z.string(), worst: z.enum(SEVERITIES), counts: severityCounts })),
});
export type FleetFindings = z.infer<typeof fleetFindings>;

/** `PATCH /api/servers/{id}/findings/{fingerprint}`: the finding's decision after the change (null: open again). */
export const findingDecisionResult = z.object({
  fingerprint: z.string(),
  decision: findingDecisionDto.nullable().describe("Null: the finding is open again."),
});
export type FindingDecisionResult = z.infer<typeof findingDecisionResult>;
