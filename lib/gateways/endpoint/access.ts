import "server-only";
import { and, eq } from "drizzle-orm";
import { sharedCache } from "../../cache/shared-cache";
import { db } from "../../db";
import { apiTokens, gateways, gatewaySessions, users } from "../../db/schema";
import type { PlanHolder } from "../../plans/holder";
import { hashToken } from "../../tokens/secret";

/**
 * Who is calling a gateway endpoint, and whether they may: the bearer token
 * (a personal API token of scope `gateway`), the gateway its slug names, and
 * the session the client holds. Each is kept a few seconds per process, so
 * that a burst of calls reads them once; revoking a token, deleting a
 * gateway or ending a session drops the entry on every instance.
 */

const TTL_MS = 5_000;

export interface TokenHolder {
  tokenId: string;
  tokenName: string;
  scope: "read" | "write" | "gateway";
  /** Set: the token opens only this gateway. */
  gatewayId: string | null;
  expiresAt: number | null;
  user: PlanHolder;
}

export interface GatewayRef {
  id: string;
  ownerUid: string;
  name: string;
}

export interface SessionRef {
  id: string;
  gatewayId: string;
  tokenId: string | null;
  clientName: string;
  clientVersion: string;
  clientCapabilities: Record<string, unknown>;
  protocolVersion: string;
}

const tokens = sharedCache<TokenHolder>("gateway-token-holders", { max: 10_000, ttl: TTL_MS });
const slugs = sharedCache<GatewayRef>("gateway-slugs", { max: 10_000, ttl: TTL_MS });
const sessions = sharedCache<SessionRef>("gateway-sessions", { max: 50_000, ttl: 60_000 });

/** The token's holder, or null when no such token exists. Notes the token's use at most once per entry. */
export async function tokenHolder(token: string): Promise<TokenHolder | null> {
  const hash = hashToken(token);
  const kept = tokens.get(hash);
  if (kept) return kept;
  const d = await db();
  const [row] = await d
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scope: apiTokens.scope,
      gatewayId: apiTokens.gatewayId,
      expiresAt: apiTokens.expiresAt,
      uid: users.uid,
      subscriptionPlan: users.subscriptionPlan,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.uid, apiTokens.userUid))
    .where(eq(apiTokens.tokenHash, hash))
    .limit(1);
  if (!row) return null;
  const holder: TokenHolder = {
    tokenId: row.tokenId,
    tokenName: row.tokenName,
    scope: row.scope,
    gatewayId: row.gatewayId,
    expiresAt: row.expiresAt?.getTime() ?? null,
    user: { uid: row.uid, subscriptionPlan: row.subscriptionPlan, subscriptionExpiresAt: row.subscriptionExpiresAt },
  };
  tokens.set(hash, holder);
  void d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId)).catch(() => {});
  return holder;
}

/** A revoked token stops opening gateways on every instance at once. */
export const forgetTokenHolder = (tokenHash: string) => tokens.forget(tokenHash);

export async function gatewayBySlug(slug: string): Promise<GatewayRef | null> {
  const kept = slugs.get(slug);
  if (kept) return kept;
  const [row] = await (await db())
    .select({ id: gateways.id, ownerUid: gateways.ownerUid, name: gateways.name })
    .from(gateways)
    .where(eq(gateways.slug, slug))
    .limit(1);
  if (row) slugs.set(slug, row);
  return row ?? null;
}

export const forgetGatewaySlug = (slug: string) => slugs.forget(slug);

export async function openSession(gatewayId: string, tokenId: string, client: { name: string; version: string; capabilities: Record<string, unknown>; protocolVersion: string }): Promise<SessionRef> {
  const [row] = await (await db())
    .insert(gatewaySessions)
    .values({
      gatewayId,
      tokenId,
      clientName: client.name.slice(0, 200),
      clientVersion: client.version.slice(0, 100),
      clientCapabilities: client.capabilities,
      protocolVersion: client.protocolVersion.slice(0, 40),
    })
    .returning();
  const ref = toRef(row);
  sessions.set(ref.id, ref);
  return ref;
}

function toRef(row: typeof gatewaySessions.$inferSelect): SessionRef {
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    tokenId: row.tokenId,
    clientName: row.clientName,
    clientVersion: row.clientVersion,
    clientCapabilities: row.clientCapabilities,
    protocolVersion: row.protocolVersion,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The gateway's session with this id, or null (unknown, ended, or another gateway's). */
export async function findSession(gatewayId: string, id: string): Promise<SessionRef | null> {
  if (!UUID.test(id)) return null;
  const kept = sessions.get(id);
  if (kept) return kept.gatewayId === gatewayId ? kept : null;
  const d = await db();
  const [row] = await d
    .select()
    .from(gatewaySessions)
    .where(and(eq(gatewaySessions.id, id), eq(gatewaySessions.gatewayId, gatewayId)))
    .limit(1);
  if (!row) return null;
  const ref = toRef(row);
  sessions.set(id, ref);
  // Seen now: housekeeping ends sessions that go unused for a day.
  void d.update(gatewaySessions).set({ lastSeenAt: new Date() }).where(eq(gatewaySessions.id, id)).catch(() => {});
  return ref;
}

export async function endSession(gatewayId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const gone = await (await db())
    .delete(gatewaySessions)
    .where(and(eq(gatewaySessions.id, id), eq(gatewaySessions.gatewayId, gatewayId)))
    .returning({ id: gatewaySessions.id });
  await sessions.forget(id);
  return gone.length > 0;
}
