import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { activityEvents, gatewayServers, gateways, inventoryItems, scanBaselines, servers } from "../db/schema";
import { activityRow } from "../activity/service";
import { db } from "../db";
import { isUniqueViolation } from "../db/database";
import type { Tx } from "../db/transaction";
import { env } from "../env";
import { isUuid } from "../guards";
import { badRequest, notFound, planRequired } from "../http/errors";
import { planOf, type PlanHolder } from "../plans/holder";
import { plural } from "../plural";
import { baselineOf } from "../scanner/baseline";
import { definitionsOf } from "../scanner/input";
import { slugify } from "../slug";
import { defaultPrefix, freePrefix } from "./names";
import { mergePolicy, policyColumns, policyOf } from "./policy-columns";
import { DEFAULT_POLICY, type GatewayCreate, type GatewayDto, type GatewayServerInput, type GatewayUpdate } from "./schema";
import { gatewayMembers, ownedGateway, type GatewayRow } from "./owned";
import { announceGatewayChanged } from "./view-cache";

/** Creating, reading, changing and deleting a user's gateways; every query is scoped to the owner. */

export interface Origin {
  req?: Request;
  ip?: string;
}

const missing = () => notFound("No gateway with this id.");
// Another user's server is not found either.
const serverMissing = () => notFound("No server with this id.");

/** The endpoint clients are configured with. */
export const gatewayUrl = (slug: string) => `${env().appUrl}/mcp/${slug}`;

/** A slug of the name and a random tail: unique across owners without telling one owner another's names. */
function newSlug(name: string): string {
  return `${slugify(name, 40) || "gateway"}-${randomBytes(4).toString("hex")}`;
}

async function toDtos(rows: GatewayRow[]): Promise<GatewayDto[]> {
  if (rows.length === 0) return [];
  const members = await gatewayMembers(rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: gatewayUrl(row.slug),
    servers: members
      .filter((m) => m.gatewayId === row.id)
      .map((m) => ({ serverId: m.serverId, name: m.name, prefix: m.prefix, status: m.status, tools: m.tools, prompts: m.prompts, resources: m.resources })),
    policy: policyOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listGateways(uid: string): Promise<GatewayDto[]> {
  const rows = await (await db()).select().from(gateways).where(eq(gateways.ownerUid, uid)).orderBy(asc(gateways.name));
  return toDtos(rows);
}

export async function getGateway(uid: string, id: string): Promise<GatewayDto> {
  const [dto] = await toDtos([await ownedGateway(uid, id)]);
  return dto;
}

/** The caller's servers named in the input, with their prefixes settled; 404 for any that is not theirs. */
async function membersOf(uid: string, input: GatewayServerInput[]) {
  for (const s of input) if (!isUuid(s.serverId)) throw serverMissing();
  const owned = input.length
    ? await (await db())
        .select({ id: servers.id, name: servers.name, discoveredAt: servers.discoveredAt })
        .from(servers)
        .where(and(eq(servers.ownerUid, uid), inArray(servers.id, input.map((s) => s.serverId))))
    : [];
  const byId = new Map(owned.map((s) => [s.id, s]));
  const taken = new Set<string>();
  input.forEach((s, i) => {
    if (!byId.has(s.serverId)) throw serverMissing();
    if (s.prefix && taken.has(s.prefix)) {
      const message = "Another server of this gateway has this prefix.";
      throw badRequest(message, [{ path: `servers.${i}.prefix`, message }]);
    }
    if (s.prefix) taken.add(s.prefix);
  });
  return input.map((s, position) => {
    const prefix = s.prefix ?? freePrefix(defaultPrefix(byId.get(s.serverId)!.name), taken);
    taken.add(prefix);
    return { serverId: s.serverId, position, prefix, tools: s.tools ?? null, prompts: s.prompts ?? null, resources: s.resources ?? null };
  });
}

/**
 * A server that joins a gateway with no approved definitions gets the ones
 * it has now pinned as its baseline: the gateway serves what was there when
 * its owner chose the server, and quarantines what changes afterwards. This
 * is part of gateways on every plan; the scanner's rug-pull rule, which
 * reports the same change as a finding with its diff, stays a Pro feature.
 */
async function pinMissingBaselines(tx: Tx, uid: string, serverIds: string[]) {
  if (serverIds.length === 0) return;
  const pinned = await tx.select({ serverId: scanBaselines.serverId }).from(scanBaselines).where(inArray(scanBaselines.serverId, serverIds));
  const have = new Set(pinned.map((p) => p.serverId));
  for (const serverId of serverIds.filter((id) => !have.has(id))) {
    const rows = await tx.select({ kind: inventoryItems.kind, definition: inventoryItems.definition }).from(inventoryItems).where(eq(inventoryItems.serverId, serverId));
    await tx
      .insert(scanBaselines)
      .values({ serverId, pinnedBy: uid, items: baselineOf(definitionsOf(rows)) })
      .onConflictDoNothing();
  }
}

function event(user: PlanHolder, action: "gateway.created" | "gateway.updated" | "gateway.deleted", id: string, summary: string, metadata: Record<string, unknown>, origin: Origin) {
  return activityRow({ userUid: user.uid, action, summary, target: { type: "gateway", id }, metadata, req: origin.req, ip: origin.ip });
}

function nameTaken(): never {
  const message = "You already have a gateway with this name.";
  throw badRequest(message, [{ path: "name", message }]);
}

export async function createGateway(user: PlanHolder, input: GatewayCreate, origin: Origin = {}): Promise<GatewayDto> {
  const plan = planOf(user);
  const d = await db();
  const [{ n }] = await d.select({ n: count() }).from(gateways).where(eq(gateways.ownerUid, user.uid));
  if (n >= plan.maxGateways) {
    throw planRequired("gateways", `The ${plan.label} plan allows ${plural(plan.maxGateways, "gateway")}, and you have ${n}. Delete one or upgrade your plan to add more.`);
  }
  const members = await membersOf(user.uid, input.servers);
  const policy = mergePolicy(DEFAULT_POLICY, input.policy);
  try {
    const row = await d.transaction(async (tx) => {
      const [created] = await tx
        .insert(gateways)
        .values({ ownerUid: user.uid, name: input.name, slug: newSlug(input.name), ...policyColumns(policy) })
        .returning();
      if (members.length) await tx.insert(gatewayServers).values(members.map((m) => ({ gatewayId: created.id, ...m })));
      await pinMissingBaselines(tx, user.uid, members.map((m) => m.serverId));
      await tx.insert(activityEvents).values(
        event(user, "gateway.created", created.id, `Created the gateway ${created.name} with ${plural(members.length, "server")}`, { servers: members.length, policy }, origin),
      );
      return created;
    });
    const [dto] = await toDtos([row]);
    return dto;
  } catch (err) {
    if (isUniqueViolation(err)) nameTaken();
    throw err;
  }
}

export async function updateGateway(user: PlanHolder, id: string, input: GatewayUpdate, origin: Origin = {}): Promise<GatewayDto> {
  const current = await ownedGateway(user.uid, id);
  const members = input.servers ? await membersOf(user.uid, input.servers) : undefined;
  const policy = mergePolicy(policyOf(current), input.policy);
  try {
    const row = await (await db()).transaction(async (tx) => {
      const [updated] = await tx
        .update(gateways)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...policyColumns(policy), updatedAt: new Date() })
        .where(and(eq(gateways.id, current.id), eq(gateways.ownerUid, user.uid)))
        .returning();
      if (!updated) throw missing();
      if (members) {
        await tx.delete(gatewayServers).where(eq(gatewayServers.gatewayId, current.id));
        if (members.length) await tx.insert(gatewayServers).values(members.map((m) => ({ gatewayId: current.id, ...m })));
        await pinMissingBaselines(tx, user.uid, members.map((m) => m.serverId));
      }
      await tx.insert(activityEvents).values(
        event(user, "gateway.updated", current.id, `Changed the gateway ${updated.name}`, { changed: Object.keys(input), policy }, origin),
      );
      return updated;
    });
    await announceGatewayChanged(current.id);
    const [dto] = await toDtos([row]);
    return dto;
  } catch (err) {
    if (isUniqueViolation(err)) nameTaken();
    throw err;
  }
}

export async function deleteGateway(user: PlanHolder, id: string, origin: Origin = {}): Promise<void> {
  const current = await ownedGateway(user.uid, id);
  await (await db()).transaction(async (tx) => {
    const [gone] = await tx
      .delete(gateways)
      .where(and(eq(gateways.id, current.id), eq(gateways.ownerUid, user.uid)))
      .returning({ id: gateways.id });
    if (!gone) throw missing();
    await tx.insert(activityEvents).values(event(user, "gateway.deleted", current.id, `Deleted the gateway ${current.name}`, { slug: current.slug }, origin));
  });
  await announceGatewayChanged(current.id);
}
