import "server-only";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "../db";
import { policyOf } from "./policy-columns";
import { findingDecisions, gateways, inventoryItems, scanBaselines, scanFindings, scans } from "../db/schema";
import type { GatewayPolicy } from "./schema";
import { gatewayMembers } from "./owned";
import { approvalKey, type OpenFinding, type StoredItem, type ViewServer } from "./view";

/**
 * Reads what a gateway's view is decided from, in four queries whatever the
 * number of servers: the included servers, their stored definitions, their
 * approved hashes (only the hashes, not the pinned definitions) and the
 * open findings of each one's latest scan.
 */

export interface GatewayState {
  id: string;
  ownerUid: string;
  name: string;
  slug: string;
  policy: GatewayPolicy;
  servers: ViewServer[];
}

const ITEM_KINDS = new Set(["tool", "prompt", "resource", "resource_template"]);

export async function loadGatewayState(gatewayId: string): Promise<GatewayState | null> {
  const d = await db();
  const [gateway] = await d.select().from(gateways).where(eq(gateways.id, gatewayId)).limit(1);
  if (!gateway) return null;
  const members = await gatewayMembers([gatewayId]);
  const ids = members.map((m) => m.serverId);
  const [items, approved, findings] = ids.length
    ? await Promise.all([storedItems(ids), approvedHashes(ids), openFindings(ids)])
    : [new Map(), new Map(), new Map()];
  return {
    id: gateway.id,
    ownerUid: gateway.ownerUid,
    name: gateway.name,
    slug: gateway.slug,
    policy: policyOf(gateway),
    servers: members.map((m) => ({
      serverId: m.serverId,
      name: m.name,
      prefix: m.prefix,
      status: m.status,
      downReason: m.downReason,
      filters: { tools: m.tools, prompts: m.prompts, resources: m.resources },
      items: items.get(m.serverId) ?? [],
      approved: approved.get(m.serverId)?.hashes ?? null,
      approvedAt: approved.get(m.serverId)?.pinnedAt ?? null,
      findings: findings.get(m.serverId) ?? [],
    })),
  };
}

function group<T>(rows: T[], by: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const key = by(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

async function storedItems(ids: string[]): Promise<Map<string, StoredItem[]>> {
  const rows = await (await db())
    .select({ serverId: inventoryItems.serverId, kind: inventoryItems.kind, key: inventoryItems.key, definition: inventoryItems.definition, hash: inventoryItems.hash })
    .from(inventoryItems)
    .where(inArray(inventoryItems.serverId, ids))
    .orderBy(asc(inventoryItems.kind), asc(inventoryItems.key));
  return group(rows, (r) => r.serverId) as Map<string, StoredItem[]>;
}

async function approvedHashes(ids: string[]): Promise<Map<string, { pinnedAt: Date; hashes: Map<string, string> }>> {
  // The hashes are taken out in the database: a pinned baseline also holds every whole definition.
  const result = await (await db()).execute(sql`
    select b.server_id as "serverId", b.pinned_at as "pinnedAt", e->>'kind' as kind, e->>'key' as key, e->>'hash' as hash
    from ${scanBaselines} b left join lateral jsonb_array_elements(b.items) e on true
    where b.server_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  const rows = (result as { rows: { serverId: string; pinnedAt: string | Date; kind: string | null; key: string; hash: string }[] }).rows;
  const out = new Map<string, { pinnedAt: Date; hashes: Map<string, string> }>();
  for (const r of rows) {
    let entry = out.get(r.serverId);
    if (!entry) out.set(r.serverId, (entry = { pinnedAt: new Date(r.pinnedAt), hashes: new Map() }));
    if (r.kind !== null) entry.hashes.set(approvalKey(r.kind, r.key), r.hash);
  }
  return out;
}

/** The findings of each server's latest scan that no decision set aside, on items only (not the server as a whole). */
async function openFindings(ids: string[]): Promise<Map<string, OpenFinding[]>> {
  const d = await db();
  const latest = d
    .selectDistinctOn([scans.serverId], { id: scans.id })
    .from(scans)
    .where(inArray(scans.serverId, ids))
    .orderBy(asc(scans.serverId), desc(scans.createdAt), desc(scans.id));
  const rows = await d
    .select({
      serverId: scanFindings.serverId,
      id: scanFindings.id,
      ruleId: scanFindings.ruleId,
      severity: scanFindings.severity,
      targetKind: scanFindings.targetKind,
      targetName: scanFindings.targetName,
    })
    .from(scanFindings)
    .leftJoin(findingDecisions, and(eq(findingDecisions.serverId, scanFindings.serverId), eq(findingDecisions.fingerprint, scanFindings.fingerprint)))
    .where(and(inArray(scanFindings.scanId, latest), isNull(findingDecisions.fingerprint)));
  return group(
    rows.filter((r) => ITEM_KINDS.has(r.targetKind)),
    (r) => r.serverId,
  );
}

