import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import { latestScansOf } from "./queries";
import type { FleetFindings } from "./schema";
import { severityRank } from "./findings";
import { addCounts, emptyCounts } from "./severity";

const LISTED = 5;

/** Findings by severity across the user's servers, from each server's latest scan. */
export async function fleetFindings(uid: string): Promise<FleetFindings> {
  const [latest, owned] = await Promise.all([
    latestScansOf(uid),
    (await db()).select({ id: servers.id, name: servers.name }).from(servers).where(eq(servers.ownerUid, uid)).orderBy(sql`lower(${servers.name})`, asc(servers.id)),
  ]);
  const bySeverity = emptyCounts();
  const flagged: FleetFindings["worstServers"] = [];
  for (const server of owned) {
    const scan = latest.get(server.id);
    if (!scan) continue;
    addCounts(bySeverity, scan.counts);
    if (scan.worst && scan.worst !== "info") flagged.push({ id: server.id, name: server.name, worst: scan.worst, counts: scan.counts });
  }
  // Worst first; among equals, more findings of that severity first (the sort is stable, so names stay in order).
  flagged.sort((a, b) => severityRank(a.worst) - severityRank(b.worst) || b.counts[b.worst] - a.counts[a.worst]);
  return { bySeverity, scannedServers: latest.size, notScanned: owned.length - latest.size, worstServers: flagged.slice(0, LISTED) };
}
