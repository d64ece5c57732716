import "server-only";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { db } from "../db";
import { yieldToEventLoop } from "../event-loop";
import { scanFindings, scans } from "../db/schema";
import { decisionsOf } from "./decision-reads";
import { toFindingDto, toScanSummary } from "./dto";
import { fingerprintOf } from "./fingerprint";
import type { ScanSubject } from "./input";
import type { ScanDetail, ScanTrigger } from "./schema";
import { addSetAside, emptySetAside } from "./set-aside";
import { countBySeverity } from "./severity";
import type { RuleSetResult } from "./types";

/** Scans kept per server: the history a user can open, and no more. */
export const SCANS_KEPT = 50;
/** Findings kept per scan (the most severe first); the counts still cover all of them. */
export const FINDINGS_KEPT = 2_000;
/** Rows per insert statement, well under the bind-parameter limit. */
const CHUNK = 250;
const MAX_EVIDENCE = 4_000;

/**
 * Stores a scan and its findings in one transaction, and drops the server's
 * scans beyond the newest SCANS_KEPT.
 */
export async function storeScan(
  subject: ScanSubject,
  trigger: ScanTrigger,
  result: RuleSetResult,
  durationMs: number,
): Promise<ScanDetail> {
  // runRules lists findings most severe first: what is cut is the least severe.
  const kept = result.findings.slice(0, FINDINGS_KEPT);
  return (await db()).transaction(async (tx) => {
    const [scan] = await tx
      .insert(scans)
      .values({
        serverId: subject.serverId,
        trigger,
        ruleSet: subject.tier,
        rulesRun: result.rulesRun.length,
        rulesSkipped: result.rulesSkipped.length,
        counts: countBySeverity(result.findings),
        definitionsHash: subject.definitionsHash,
        durationMs: Math.round(durationMs),
      })
      .returning();
    const rows = [];
    for (let i = 0; i < kept.length; i += CHUNK) {
      const chunk = kept.slice(i, i + CHUNK).map((f) => {
        const evidence = f.evidence.slice(0, MAX_EVIDENCE);
        return {
          scanId: scan.id,
          serverId: subject.serverId,
          ruleId: f.ruleId,
          severity: f.severity,
          targetKind: f.target.kind,
          targetName: f.target.name,
          targetPath: f.target.path,
          evidence,
          remediation: f.remediation,
          diff: f.diff ?? null,
          fingerprint: fingerprintOf({ ...f, evidence }),
        };
      });
      rows.push(...(await tx.insert(scanFindings).values(chunk).returning()));
      await yieldToEventLoop();
    }
    const newest = tx
      .select({ id: scans.id })
      .from(scans)
      .where(eq(scans.serverId, subject.serverId))
      .orderBy(desc(scans.createdAt), desc(scans.id))
      .limit(SCANS_KEPT);
    await tx.delete(scans).where(and(eq(scans.serverId, subject.serverId), notInArray(scans.id, newest)));
    // Decisions made about earlier scans' findings hold for the same findings here.
    const decisions = await decisionsOf(subject.serverId, tx);
    const setAside = emptySetAside();
    const findings = rows.map((row) => {
      const decision = decisions.get(row.fingerprint) ?? null;
      if (decision) addSetAside(setAside, decision.status, row.severity);
      return toFindingDto(row, decision);
    });
    return { ...toScanSummary(scan, setAside), findings, findingsOmitted: result.findings.length - kept.length };
  });
}
