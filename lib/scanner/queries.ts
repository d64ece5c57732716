import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "../db";
import { findingDecisions, scanBaselines, scanFindings, scans, servers, users } from "../db/schema";
import { decisionColumns, setAsideOf, toDecisionDto } from "./decision-reads";
import { toFindingDto, toScanSummary, type ScanRow } from "./dto";
import type { BaselineDto, ScanDetail, ScanSummary, SecuritySummary } from "./schema";
import { addSetAside, emptySetAside, openCounts } from "./set-aside";
import { totalOf, worstOf } from "./severity";

/** Reads of stored scans. Callers have checked that the server is the user's, except where a query scopes by owner itself. */

async function withFindings(scan: ScanRow): Promise<ScanDetail> {
  const rows = await (await db())
    .select({ finding: scanFindings, ...decisionColumns })
    .from(scanFindings)
    .leftJoin(findingDecisions, and(eq(findingDecisions.serverId, scanFindings.serverId), eq(findingDecisions.fingerprint, scanFindings.fingerprint)))
    .leftJoin(users, eq(users.uid, findingDecisions.decidedBy))
    .where(eq(scanFindings.scanId, scan.id))
    // Most severe first (the enum's order), then as the rules list them.
    .orderBy(scanFindings.severity, scanFindings.ruleId, scanFindings.targetKind, scanFindings.targetName, scanFindings.targetPath);
  const setAside = emptySetAside();
  const findings = rows.map((r) => {
    const decision = toDecisionDto(r);
    if (decision) addSetAside(setAside, decision.status, r.finding.severity);
    return toFindingDto(r.finding, decision);
  });
  const summary = toScanSummary(scan, setAside);
  return { ...summary, findings, findingsOmitted: totalOf(scan.counts) - rows.length };
}

const newestFirst = [desc(scans.createdAt), desc(scans.id)];

export async function latestScan(serverId: string): Promise<ScanDetail | null> {
  const [scan] = await (await db()).select().from(scans).where(eq(scans.serverId, serverId)).orderBy(...newestFirst).limit(1);
  return scan ? withFindings(scan) : null;
}

/** Every kept scan of the server but the newest, newest first. */
export async function earlierScans(serverId: string): Promise<ScanSummary[]> {
  const rows = await (await db()).select().from(scans).where(eq(scans.serverId, serverId)).orderBy(...newestFirst).offset(1);
  const setAside = await setAsideOf(rows.map((r) => r.id));
  return rows.map((r) => toScanSummary(r, setAside.get(r.id)));
}

export async function scanById(serverId: string, scanId: string): Promise<ScanDetail | null> {
  const [scan] = await (await db())
    .select()
    .from(scans)
    .where(and(eq(scans.id, scanId), eq(scans.serverId, serverId)))
    .limit(1);
  return scan ? withFindings(scan) : null;
}

export async function pinnedBaseline(serverId: string): Promise<BaselineDto | null> {
  const [row] = await (await db()).select().from(scanBaselines).where(eq(scanBaselines.serverId, serverId)).limit(1);
  if (!row) return null;
  const count = (kind: string) => row.items.filter((i) => i.kind === kind).length;
  return {
    pinnedAt: row.pinnedAt.toISOString(),
    items: { tools: count("tool"), prompts: count("prompt"), resources: count("resource"), resourceTemplates: count("resource_template") },
  };
}

/** The latest scan of each of the user's servers (or of the one given) that has one, by server id; its counts are of open findings. */
export async function latestScansOf(uid: string, serverId?: string): Promise<Map<string, SecuritySummary>> {
  const rows = await (await db())
    .selectDistinctOn([scans.serverId], { serverId: scans.serverId, id: scans.id, counts: scans.counts, createdAt: scans.createdAt })
    .from(scans)
    .innerJoin(servers, eq(servers.id, scans.serverId))
    .where(and(eq(servers.ownerUid, uid), serverId ? eq(scans.serverId, serverId) : undefined))
    .orderBy(asc(scans.serverId), ...newestFirst);
  const setAside = await setAsideOf(rows.map((r) => r.id));
  return new Map(
    rows.map((r) => {
      const counts = openCounts(r.counts, setAside.get(r.id) ?? emptySetAside());
      return [r.serverId, { scanId: r.id, worst: worstOf(counts), counts, scannedAt: r.createdAt.toISOString() }];
    }),
  );
}
