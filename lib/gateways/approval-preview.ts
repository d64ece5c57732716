import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "../db";
import { findingDecisions, scanBaselines, scanFindings, scans, servers } from "../db/schema";
import { log } from "../log";
import type { PlanHolder } from "../plans/holder";
import { baselineOf } from "../scanner/baseline";
import { ruleTitle } from "../scanner/catalog";
import { definitionsHashOf, definitionsOf } from "../scanner/input";
import { rugPull } from "../scanner/rules/rug-pull";
import type { BaselineItem } from "../scanner/types";
import { readStoredItems } from "../servers/inventory";
import { offload } from "../worker-pool/pool";
import { approvalMember, approvedBy, seenDigest, type ApprovalTarget } from "./approval-target";
import { definitionSides, type DefinitionSides } from "./definition-sides";
import type { ApprovalFindingDto, ApprovalItemDto, ApprovalPreviewDto } from "./schema";

/**
 * What approving would approve, shown before it is: each definition beside
 * the one approved before (from the pinned baseline, which keeps whole
 * definitions), the changed parts marked, and the open findings of the
 * server's latest scan on it. On every plan: the diff is computed here, not
 * taken from the rug-pull rule that only the full scanner runs.
 */

/** Items shown when approving all of a server's: past these the preview says how many more it takes. */
export const PREVIEW_ITEMS = 20;
/** Below this many characters of JSON (both sides), laying out a change costs less than a worker's round trip. */
const INLINE_CHARS = 32 * 1024;
/** Laying out is linear and bounded (definition-sides.ts); past this a worker is ended rather than waited on. */
const SIDES_TIMEOUT_MS = 5_000;

async function sidesOf(before: unknown | null, after: unknown): Promise<DefinitionSides | null> {
  const input = { before, after };
  if (JSON.stringify(input).length < INLINE_CHARS) return definitionSides(input);
  try {
    return await offload<DefinitionSides>("definitionSides", input, { timeoutMs: SIDES_TIMEOUT_MS });
  } catch (err) {
    log.warn("laying out a definition's change stopped on its worker", { err });
    return null;
  }
}

const keyOf = (i: { kind: string; key: string }) => `${i.kind}\u0000${i.key}`;

/** The latest scan's findings on these items that no decision set aside, by item. */
async function findingsOn(serverId: string, latestScanId: string | null, items: BaselineItem[]): Promise<Map<string, ApprovalFindingDto[]>> {
  const out = new Map<string, ApprovalFindingDto[]>();
  if (!latestScanId || items.length === 0) return out;
  const rows = await (await db())
    .select({
      id: scanFindings.id,
      ruleId: scanFindings.ruleId,
      severity: scanFindings.severity,
      targetKind: scanFindings.targetKind,
      targetName: scanFindings.targetName,
      path: scanFindings.targetPath,
      evidence: scanFindings.evidence,
      remediation: scanFindings.remediation,
    })
    .from(scanFindings)
    .leftJoin(findingDecisions, and(eq(findingDecisions.serverId, scanFindings.serverId), eq(findingDecisions.fingerprint, scanFindings.fingerprint)))
    .where(
      and(
        eq(scanFindings.scanId, latestScanId),
        eq(scanFindings.serverId, serverId),
        inArray(scanFindings.targetName, [...new Set(items.map((i) => i.key))]),
        isNull(findingDecisions.fingerprint),
      ),
    );
  for (const r of rows) {
    if (r.ruleId === rugPull.id) continue;
    const key = keyOf({ kind: r.targetKind, key: r.targetName });
    const list = out.get(key) ?? [];
    list.push({ id: r.id, ruleId: r.ruleId, ruleTitle: ruleTitle(r.ruleId), severity: r.severity, path: r.path, evidence: r.evidence, remediation: r.remediation });
    out.set(key, list);
  }
  return out;
}

export async function approvalPreview(user: PlanHolder, gatewayId: string, target: ApprovalTarget): Promise<ApprovalPreviewDto> {
  const d = await db();
  const member = await approvalMember(d, user.uid, gatewayId, target.serverId);
  const [stored, [pinned], [latest], [server]] = await Promise.all([
    readStoredItems(target.serverId),
    d.select({ items: scanBaselines.items }).from(scanBaselines).where(eq(scanBaselines.serverId, target.serverId)).limit(1),
    d
      .select({ id: scans.id, ruleSet: scans.ruleSet, createdAt: scans.createdAt, definitionsHash: scans.definitionsHash })
      .from(scans)
      .where(eq(scans.serverId, target.serverId))
      .orderBy(desc(scans.createdAt), desc(scans.id))
      .limit(1),
    d.select({ instructions: servers.instructions }).from(servers).where(eq(servers.id, target.serverId)).limit(1),
  ]);
  const current = baselineOf(definitionsOf(stored));
  const chosen = approvedBy(current, target);
  const approved = new Map((pinned?.items ?? []).map((i) => [keyOf(i), i]));
  // Approving all takes every definition; the ones already approved as they are need no look.
  const shown = (target.key ? chosen : chosen.filter((i) => approved.get(keyOf(i))?.hash !== i.hash)).slice(0, PREVIEW_ITEMS);
  const waiting = target.key ? chosen.length : chosen.filter((i) => approved.get(keyOf(i))?.hash !== i.hash).length;
  const findings = await findingsOn(target.serverId, latest?.id ?? null, shown);

  const items: ApprovalItemDto[] = [];
  // One at a time: a server's twenty large definitions should not take every worker at once.
  for (const item of shown) {
    const before = approved.get(keyOf(item));
    items.push({
      kind: item.kind,
      key: item.key,
      change: !before ? "new" : before.hash === item.hash ? "unchanged" : "changed",
      sides: await sidesOf(before?.definition ?? null, item.definition),
      findings: findings.get(keyOf(item)) ?? [],
    });
  }
  return {
    serverName: member.serverName,
    items,
    more: waiting - items.length,
    scan: latest
      ? {
          ruleSet: latest.ruleSet,
          at: latest.createdAt.toISOString(),
          current: latest.definitionsHash === definitionsHashOf(stored, server?.instructions ?? null),
        }
      : null,
    seen: seenDigest(chosen),
  };
}
