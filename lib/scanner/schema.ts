import { z } from "zod";

/**
 * The scanner's API shapes, shared by the route handlers and the pages.
 */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type {
  BaselineDto,
  FindingDecisionDto,
  FindingDecisionResult,
  FindingDto,
  FindingsExport,
  FleetFindings,
  PinResult,
  ScanDetail,
  ScanNowResult,
  ScannerLocked,
  ScanOverview,
  ScanSummary,
  SecuritySummary,
  SetAsideCounts,
} from "./responses";

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
