import { z } from "zod";
import type { SeverityCounts } from "./severity";
import type { DefinitionDiff, FindingTarget, RuleTier, Severity } from "./types";

/**
 * The scanner's API shapes, shared by the route handlers and the pages.
 */

export const SCAN_TRIGGERS = ["manual", "discovery", "check"] as const;
export type ScanTrigger = (typeof SCAN_TRIGGERS)[number];

export const serverParams = z.object({ id: z.string() });
export const historyParams = z.object({ id: z.string(), scanId: z.string() });

export const EXPORT_FORMATS = ["sarif", "json"] as const;
export type ScanExportFormat = (typeof EXPORT_FORMATS)[number];
export const scanExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format is sarif or json." }).default("sarif"),
});

/** What the owner decided about a finding: accepted (a known, tolerated risk) or a false positive. */
export const DECISION_STATUSES = ["accepted", "false_positive"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/** Longest reason kept with a decision. */
export const MAX_DECISION_REASON = 500;

const reason = z
  .string()
  .trim()
  .max(MAX_DECISION_REASON, { error: `The reason is at most ${MAX_DECISION_REASON} characters.` });

/** `PATCH /api/servers/{id}/findings/{fingerprint}`: accept (a reason is required), mark as a false positive, or reopen. */
export const findingDecisionBody = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("accepted"), reason: reason.min(1, { error: "Say why this finding is accepted." }) }),
    z.object({ status: z.literal("false_positive"), reason: reason.optional() }),
    z.object({ status: z.literal("open") }),
  ],
  { error: "status is accepted, false_positive or open." },
);
export type FindingDecisionBody = z.infer<typeof findingDecisionBody>;

export const findingParams = z.object({ id: z.string(), fingerprint: z.string() });

export interface FindingDecisionDto {
  status: DecisionStatus;
  /** Why (always given for an accepted finding). */
  reason: string | null;
  /** Who decided (their display name); null once that account is gone. */
  decidedBy: string | null;
  decidedAt: string;
}

/** Findings set aside by a decision: listed apart, and left out of `counts`, `total` and `worst`. */
export interface SetAsideCounts {
  accepted: number;
  falsePositive: number;
}

export interface FindingDto {
  id: string;
  /** The stable id: the same finding in every scan has the same one (a hash of rule, target, JSON pointer and evidence). */
  fingerprint: string;
  /** The owner's decision about this finding; null while it is open. */
  decision: FindingDecisionDto | null;
  ruleId: string;
  /** The rule's title, in words. */
  ruleTitle: string;
  severity: Severity;
  target: FindingTarget;
  /** The excerpt, invisible characters made visible (⟨U+200B⟩, ⟨ESC⟩[8m). */
  evidence: string;
  remediation: string;
  /** Rug pulls: the changes since the pinned baseline. */
  diff: DefinitionDiff | null;
}

/** One scan without its findings: what a history entry shows. */
export interface ScanSummary {
  id: string;
  trigger: ScanTrigger;
  /** "basic" (the free tier's rules) or "full". */
  ruleSet: RuleTier;
  rulesRun: number;
  /** Rules the plan did not run. */
  rulesSkipped: number;
  /** Open findings by severity: accepted ones and false positives are left out (see `setAside`). */
  counts: SeverityCounts;
  /** Open findings. */
  total: number;
  /** The most severe open finding's level; null when none is open. */
  worst: Severity | null;
  /** Findings accepted or marked as false positives, by the owner's current decisions. */
  setAside: SetAsideCounts;
  /** The same definitions give the same hash: two scans with equal hashes read the same thing. */
  definitionsHash: string;
  durationMs: number;
  createdAt: string;
}

/** A scan and its findings, most severe first. */
export interface ScanDetail extends ScanSummary {
  findings: FindingDto[];
  /** Findings counted but not kept (a scan keeps its most severe ones when there are very many). */
  findingsOmitted: number;
}

/** `POST /api/servers/{id}/scan`: the scan; `refreshError` when the server could not be asked again and its stored definitions were scanned. */
export type ScanNowResult = ScanDetail & { refreshError?: string };

export interface BaselineDto {
  pinnedAt: string;
  /** Definitions pinned, by kind. */
  items: { tools: number; prompts: number; resources: number; resourceTemplates: number };
}

/** What a plan without the full scanner does not get, so that the page can say so. */
export interface ScannerLocked {
  /** Rules the full scanner runs and this plan does not. */
  rulesNotRun: number;
  rules: { id: string; title: string }[];
  /** The other things the full scanner adds, in words. */
  unlocks: string[];
}

/** `GET /api/servers/{id}/scan` */
export interface ScanOverview {
  latest: ScanDetail | null;
  /** Earlier scans, newest first; null when the plan has no scan history. */
  history: ScanSummary[] | null;
  /** The pinned definitions; null when none are pinned (or the plan has no baselines). */
  baseline: BaselineDto | null;
  features: { fullScanner: boolean; dataExport: boolean };
  locked: ScannerLocked | null;
  /** When the scanned definitions were last discovered; null before the first discovery. */
  discoveredAt: string | null;
}

/** `POST /api/servers/{id}/scan/baseline` */
export interface PinResult {
  baseline: BaselineDto;
  /** The scan run against the new baseline right after pinning. */
  scan: ScanDetail;
}

/** A server's security at a glance, for lists: its latest scan's worst open severity. */
export interface SecuritySummary {
  scanId: string;
  worst: Severity | null;
  /** Open findings by severity (accepted ones and false positives left out). */
  counts: SeverityCounts;
  scannedAt: string;
}

/** `GET /api/servers/{id}/scan/export?format=json`: the latest scan and its findings. */
export interface FindingsExport {
  server: { id: string; name: string; url: string; transport: string };
  scan: ScanSummary;
  findings: FindingDto[];
  findingsOmitted: number;
  exportedAt: string;
}

/** The dashboard's scanner card: the open findings of every server's latest scan, added up. */
export interface FleetFindings {
  bySeverity: SeverityCounts;
  scannedServers: number;
  notScanned: number;
  /** Servers whose latest scan found something above info, worst first (at most a few). */
  worstServers: { id: string; name: string; worst: Severity; counts: SeverityCounts }[];
}

/** `PATCH /api/servers/{id}/findings/{fingerprint}`: the finding's decision after the change (null: open again). */
export interface FindingDecisionResult {
  fingerprint: string;
  decision: FindingDecisionDto | null;
}
