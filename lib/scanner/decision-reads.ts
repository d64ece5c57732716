import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import { db } from "../db";
import type { Db } from "../db/database";
import { findingDecisions, scanFindings, users } from "../db/schema";
import type { FindingDecisionDto } from "./schema";
import { addSetAside, emptySetAside, type SetAsideBySeverity } from "./set-aside";

/** Reads of the owner's decisions about findings. Callers have checked that the server is the user's. */

/** The columns a decision is shown with (who decided by display name). */
export const decisionColumns = {
  status: findingDecisions.status,
  reason: findingDecisions.reason,
  decidedAt: findingDecisions.decidedAt,
  decidedBy: users.displayName,
};

type DecisionColumns = { status: FindingDecisionDto["status"] | null; reason: string | null; decidedAt: Date | null; decidedBy: string | null };

/** A decision read through a left join: null when the finding is open. */
export function toDecisionDto(row: DecisionColumns): FindingDecisionDto | null {
  if (!row.status || !row.decidedAt) return null;
  return { status: row.status, reason: row.reason, decidedBy: row.decidedBy, decidedAt: row.decidedAt.toISOString() };
}

/** Every decision about the server's findings, by fingerprint. */
export async function decisionsOf(serverId: string, database?: Pick<Db, "select">): Promise<Map<string, FindingDecisionDto>> {
  const rows = await (database ?? (await db()))
    .select({ fingerprint: findingDecisions.fingerprint, ...decisionColumns })
    .from(findingDecisions)
    .leftJoin(users, eq(users.uid, findingDecisions.decidedBy))
    .where(eq(findingDecisions.serverId, serverId));
  return new Map(rows.map((r) => [r.fingerprint, toDecisionDto(r)!]));
}

/** For each scan given, its stored findings that a decision sets aside, by decision and severity. */
export async function setAsideOf(scanIds: string[]): Promise<Map<string, SetAsideBySeverity>> {
  const out = new Map<string, SetAsideBySeverity>();
  if (scanIds.length === 0) return out;
  const rows = await (await db())
    .select({ scanId: scanFindings.scanId, severity: scanFindings.severity, status: findingDecisions.status, n: count() })
    .from(scanFindings)
    .innerJoin(findingDecisions, and(eq(findingDecisions.serverId, scanFindings.serverId), eq(findingDecisions.fingerprint, scanFindings.fingerprint)))
    .where(inArray(scanFindings.scanId, scanIds))
    .groupBy(scanFindings.scanId, scanFindings.severity, findingDecisions.status);
  for (const r of rows) addSetAside(out.get(r.scanId) ?? out.set(r.scanId, emptySetAside()).get(r.scanId)!, r.status, r.severity, r.n);
  return out;
}
