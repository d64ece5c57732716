import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "../db";
import { scanBaselines, scanFindings, scans, servers } from "../db/schema";
import { toFindingDto, toScanSummary, type ScanRow } from "./dto";
import type { BaselineDto, ScanDetail, ScanSummary, SecuritySummary } from "./schema";
import { worstOf } from "./severity";

/** Reads of stored scans. Callers have checked that the server is the user's, except where a query scopes by owner itself. */

async function withFindings(scan: ScanRow): Promise<ScanDetail> {
  const rows = await (await db())
    .select()
    .from(scanFindings)
    .where(eq(scanFindings.scanId, scan.id))
    // Most severe first (the enum's order), then as the rules list them.
    .orderBy(scanFindings.severity, scanFindings.ruleId, scanFindings.targetKind, scanFindings.targetName, scanFindings.targetPath);
  const summary = toScanSummary(scan);
  return { ...summary, findings: rows.map(toFindingDto), findingsOmitted: summary.total - rows.length };
}

const newestFirst = [desc(scans.createdAt), desc(scans.id)];

export async function latestScan(serverId: string): Promise<ScanDetail | null> {
  const [scan] = await (await db()).select().from(scans).where(eq(scans.serverId, serverId)).orderBy(...newestFirst).limit(1);
  return scan ? withFindings(scan) : null;
}

/** Every kept scan of the server but the newest, newest first. */
export async function earlierScans(serverId: string): Promise<ScanSummary[]> {
  const rows = await (await db()).select().from(scans).where(eq(scans.serverId, serverId)).orderBy(...newestFirst).offset(1);
  return rows.map(toScanSummary);
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

/** The latest scan of each of the user's servers (or of the one given) that has one, by server id. */
export async function latestScansOf(uid: string, serverId?: string): Promise<Map<string, SecuritySummary>> {
  const rows = await (await db())
    .selectDistinctOn([scans.serverId], { serverId: scans.serverId, id: scans.id, counts: scans.counts, createdAt: scans.createdAt })
    .from(scans)
    .innerJoin(servers, eq(servers.id, scans.serverId))
    .where(and(eq(servers.ownerUid, uid), serverId ? eq(scans.serverId, serverId) : undefined))
    .orderBy(asc(scans.serverId), ...newestFirst);
  return new Map(
    rows.map((r) => [r.serverId, { scanId: r.id, worst: worstOf(r.counts), counts: r.counts, scannedAt: r.createdAt.toISOString() }]),
  );
}
