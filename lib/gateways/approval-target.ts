import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { gatewayServers, gateways, servers } from "../db/schema";
import type { Db } from "../db/database";
import { isUuid } from "../guards";
import { notFound } from "../http/errors";
import type { BaselineItem } from "../scanner/types";

/**
 * What approving and its preview share: the server of the gateway whose
 * definitions are approved (both the owner's), and the digest of the
 * definitions a person was shown, so that an approval is refused when they
 * changed again before it was confirmed.
 */

export interface ApprovalTarget {
  serverId: string;
  kind?: BaselineItem["kind"];
  key?: string;
}

export async function approvalMember(d: Db, uid: string, gatewayId: string, serverId: string): Promise<{ serverName: string; gatewayName: string }> {
  if (!isUuid(gatewayId) || !isUuid(serverId)) throw notFound("No gateway with this id.");
  const [member] = await d
    .select({ serverName: servers.name, gatewayName: gateways.name })
    .from(gatewayServers)
    .innerJoin(gateways, eq(gateways.id, gatewayServers.gatewayId))
    .innerJoin(servers, eq(servers.id, gatewayServers.serverId))
    .where(and(eq(gatewayServers.gatewayId, gatewayId), eq(gatewayServers.serverId, serverId), eq(gateways.ownerUid, uid), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!member) throw notFound("No such server in this gateway.");
  return member;
}

/** The current definitions the approval takes: the one item, or every one of the server. */
export function approvedBy(current: BaselineItem[], target: ApprovalTarget): BaselineItem[] {
  if (!target.kind || !target.key) return current;
  const chosen = current.find((i) => i.kind === target.kind && i.key === target.key);
  if (!chosen) throw notFound("This server has no such item now: refresh its inventory.");
  return [chosen];
}

/** A digest of which definitions, in which version, an approval takes. */
export function seenDigest(items: Pick<BaselineItem, "kind" | "key" | "hash">[]): string {
  const lines = items.map((i) => `${i.kind}\u0000${i.key}\u0000${i.hash}`).sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}
