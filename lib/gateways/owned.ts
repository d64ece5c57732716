import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "../db";
import { gatewayServers, gateways, servers } from "../db/schema";
import { isUuid } from "../guards";
import { notFound } from "../http/errors";

/** The two reads every gateway query starts from: the caller's gateway, and the servers gateways include. */

export type GatewayRow = typeof gateways.$inferSelect;

/** The caller's gateway, or 404 (another user's gateway is not found either). */
export async function ownedGateway(uid: string, id: string): Promise<GatewayRow> {
  const missing = () => notFound("No gateway with this id.");
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select()
    .from(gateways)
    .where(and(eq(gateways.id, id), eq(gateways.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

/** The servers the gateways include, each with its prefix, filters, name and status, in each gateway's order. */
export async function gatewayMembers(gatewayIds: string[]) {
  if (gatewayIds.length === 0) return [];
  return (await db())
    .select({
      gatewayId: gatewayServers.gatewayId,
      serverId: gatewayServers.serverId,
      prefix: gatewayServers.prefix,
      tools: gatewayServers.tools,
      prompts: gatewayServers.prompts,
      resources: gatewayServers.resources,
      name: servers.name,
      status: servers.status,
      // The open incident's reason, when there is one (a server is down while one is open).
      downReason: sql<string | null>`(select i.reason from incidents i where i.server_id = ${servers.id} and i.closed_at is null order by i.opened_at desc limit 1)`,
    })
    .from(gatewayServers)
    .innerJoin(servers, eq(servers.id, gatewayServers.serverId))
    .where(inArray(gatewayServers.gatewayId, gatewayIds))
    .orderBy(asc(gatewayServers.position));
}
