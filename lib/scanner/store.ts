import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { db } from "../db";
import { jsonChunks, type ChunkBounds } from "../db/json-rows";
import { scans } from "../db/schema";
import { decisionsOf } from "./decision-reads";
import { toFindingDto, toScanSummary, type FindingRow } from "./dto";
import { fingerprintOf } from "./fingerprint";
import type { ScanSubject } from "./input";
import type { ScanDetail, ScanTrigger } from "./schema";
import { addSetAside, emptySetAside } from "./set-aside";
import { countBySeverity } from "./severity";
import type { Finding, RuleSetResult } from "./types";

/** Scans kept per server: the history a user can open, and no more. */
export const SCANS_KEPT = 50;
/** Findings kept per scan (the most severe first); the counts still cover all of them. */
export const FINDINGS_KEPT = 2_000;
/**
 * What one statement that stores findings carries (lib/db/json-rows.ts). The
 * event loop turns between two: on PostgreSQL while each is sent, on PGlite
 * by lib/db/pglite-turns.ts.
 */
const CHUNK: ChunkBounds = { rows: 250, chars: 256 * 1024 };
const MAX_EVIDENCE = 4_000;

/** A finding as stored. Its id is made here rather than returned by the insert: the rest of the row is known. */
function findingRow(f: Finding, scanId: string, serverId: string): FindingRow {
  const evidence = f.evidence.slice(0, MAX_EVIDENCE);
  return {
    id: randomUUID(),
    scanId,
    serverId,
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
}

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
    const rows: FindingRow[] = [];
    // A slice at a time: making a row hashes its evidence.
    for (let i = 0; i < kept.length; i += CHUNK.rows) {
      const slice = kept.slice(i, i + CHUNK.rows).map((f) => findingRow(f, scan.id, subject.serverId));
      rows.push(...slice);
      for (const chunk of jsonChunks(slice, CHUNK)) {
        await tx.execute(sql`
          insert into scan_findings (id, scan_id, server_id, rule_id, severity, target_kind, target_name, target_path, evidence, remediation, diff, fingerprint)
          select r."id", r."scanId", r."serverId", r."ruleId", r."severity", r."targetKind", r."targetName", r."targetPath", r."evidence", r."remediation", r."diff", r."fingerprint"
          from jsonb_to_recordset(${chunk}::jsonb) as r("id" uuid, "scanId" uuid, "serverId" uuid, "ruleId" text, "severity" finding_severity,
            "targetKind" text, "targetName" text, "targetPath" text, "evidence" text, "remediation" text, "diff" jsonb, "fingerprint" text)`);
      }
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
