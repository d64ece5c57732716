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

export interface FindingDto {
  id: string;
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
  counts: SeverityCounts;
  total: number;
  /** The most severe finding's level; null for a scan without findings. */
  worst: Severity | null;
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

/** A server's security at a glance, for lists: its latest scan's worst severity. */
export interface SecuritySummary {
  scanId: string;
  worst: Severity | null;
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

/** The dashboard's scanner card: the latest scan of every server, added up. */
export interface FleetFindings {
  bySeverity: SeverityCounts;
  scannedServers: number;
  notScanned: number;
  /** Servers whose latest scan found something above info, worst first (at most a few). */
  worstServers: { id: string; name: string; worst: Severity; counts: SeverityCounts }[];
}
