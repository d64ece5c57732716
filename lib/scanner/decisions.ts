import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { activityRow } from "../activity/service";
import type { ActivityAction } from "../activity/actions";
import { db } from "../db";
import { activityEvents, findingDecisions, scanFindings, scans, servers, users } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import type { PlanHolder } from "../plans/holder";
import { ruleTitle } from "./catalog";
import { decisionColumns, toDecisionDto } from "./decision-reads";
import { FINGERPRINT } from "./fingerprint";
import { requireFeature } from "./gates";
import { announceServerChanged } from "../servers/changes";
import { findOwnedServer } from "../servers/owned-server";
import type { DecisionStatus, FindingDecisionBody, FindingDecisionResult } from "./schema";
import type { Origin } from "./service";

/**
 * Accepting a finding, marking it as a false positive, and reopening it. A
 * decision belongs to the finding's stable id on one server, so it holds for
 * every later scan that finds the same thing; each change is an activity
 * event. Deciding needs the full scanner (as baselines and history do);
 * reopening does not, so that a lapsed plan never keeps a finding out of view.
 */

const missing = () => notFound("No finding with this id on this server.");

const ACTION: Record<DecisionStatus | "open", ActivityAction> = {
  accepted: "finding.accepted",
  false_positive: "finding.false_positive",
  open: "finding.reopened",
};

const VERB: Record<DecisionStatus | "open", string> = {
  accepted: "Accepted",
  false_positive: "Marked as a false positive",
  open: "Reopened",
};

interface Described {
  ruleId: string;
  severity?: string | null;
  targetKind: string;
  targetName: string;
  targetPath: string;
}

/** The finding with this id in the owner's server's kept scans (the newest occurrence), or null. */
async function occurrenceOf(uid: string, serverId: string, fingerprint: string) {
  const [row] = await (await db())
    .select({
      ruleId: scanFindings.ruleId,
      severity: scanFindings.severity,
      targetKind: scanFindings.targetKind,
      targetName: scanFindings.targetName,
      targetPath: scanFindings.targetPath,
    })
    .from(scanFindings)
    .innerJoin(servers, eq(servers.id, scanFindings.serverId))
    .innerJoin(scans, eq(scans.id, scanFindings.scanId))
    .where(and(eq(scanFindings.serverId, serverId), eq(servers.ownerUid, uid), eq(scanFindings.fingerprint, fingerprint)))
    .orderBy(desc(scans.createdAt), desc(scans.id))
    .limit(1);
  return row ?? null;
}

const where = (serverId: string, fingerprint: string) => and(eq(findingDecisions.serverId, serverId), eq(findingDecisions.fingerprint, fingerprint));

function summaryOf(status: DecisionStatus | "open", f: Described, serverName: string, reason?: string | null): string {
  const place = `${f.targetKind.replace("_", " ")} ${f.targetName}`;
  return `${VERB[status]} “${ruleTitle(f.ruleId)}” on ${place} of ${serverName}${reason ? `: ${reason}` : ""}`;
}

export async function decideFinding(
  user: PlanHolder,
  serverId: string,
  fingerprint: string,
  body: FindingDecisionBody,
  origin: Origin = {},
): Promise<FindingDecisionResult> {
  const server = await findOwnedServer(user.uid, serverId);
  if (!FINGERPRINT.test(fingerprint)) throw missing();
  if (body.status !== "open") {
    requireFeature(user, "fullScanner", "Accepting findings and marking false positives needs the Pro or Enterprise plan.");
  }
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const found = await occurrenceOf(user.uid, server.id, fingerprint);
  if (!found && body.status !== "open") throw missing();
  // The server was found as the caller's; each statement below is scoped to it.
  const owned = and(eq(servers.id, server.id), eq(servers.ownerUid, user.uid));

  // The decision and its activity event are written together: no decision goes unrecorded.
  const outcome = await (await db()).transaction(async (tx) => {
    let described: Described;
    let decision: FindingDecisionResult["decision"] = null;
    if (body.status === "open") {
      const [gone] = await tx
        .delete(findingDecisions)
        .where(and(where(server.id, fingerprint), inArray(findingDecisions.serverId, tx.select({ id: servers.id }).from(servers).where(owned))))
        .returning();
      if (!gone) return null;
      described = { ...gone, severity: found?.severity };
    } else {
      described = found!;
      const place = { ruleId: found!.ruleId, targetKind: found!.targetKind, targetName: found!.targetName, targetPath: found!.targetPath };
      const values = { status: body.status, reason: body.reason || null, decidedBy: user.uid, decidedAt: new Date() };
      await tx
        .insert(findingDecisions)
        .values({ serverId: server.id, fingerprint, ...values, ...place })
        .onConflictDoUpdate({ target: [findingDecisions.serverId, findingDecisions.fingerprint], set: values });
      const [row] = await tx
        .select(decisionColumns)
        .from(findingDecisions)
        .leftJoin(users, eq(users.uid, findingDecisions.decidedBy))
        .where(where(server.id, fingerprint))
        .limit(1);
      decision = toDecisionDto(row);
    }
    await tx.insert(activityEvents).values(
      activityRow({
        userUid: user.uid,
        action: ACTION[body.status],
        summary: summaryOf(body.status, described, server.name, decision?.reason),
        target: { type: "server", id: server.id },
        metadata: {
          fingerprint,
          ruleId: described.ruleId,
          ...(described.severity ? { severity: described.severity } : {}),
          target: { kind: described.targetKind, name: described.targetName, path: described.targetPath },
          ...(decision?.reason ? { reason: decision.reason } : {}),
        },
        req: origin.req,
        ip: origin.ip,
      }),
    );
    return { decision };
  });
  // Nothing to reopen: an open finding, or none by this id.
  if (!outcome) throw found ? conflict("This finding is already open.") : missing();
  // A gateway serves an item whose blocking finding was set aside, and blocks it again when reopened.
  await announceServerChanged(server.id);
  return { fingerprint, decision: outcome.decision };
}
