import "server-only";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { record } from "../activity/service";
import { sharedCache } from "../cache/shared-cache";
import { db } from "../db";
import { gateways, oauthClients, oauthGrants, users } from "../db/schema";
import { isUuid } from "../guards";
import { notFound } from "../http/errors";
import type { PlanHolder } from "../plans/holder";
import { clientLabel } from "./clients";
import type { ConnectedApp } from "./responses";

/**
 * Grants: what a person allowed one client to do (open one gateway of
 * theirs). Access tokens name their grant, and a gateway checks it on every
 * request, kept a few seconds per process; revoking it drops it on every
 * instance at once (lib/cache/shared-cache.ts), so the next call answers 401.
 */

const TTL_MS = 5_000;
/** A grant's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export interface GrantHolder {
  grantId: string;
  clientId: string;
  clientName: string;
  gatewayId: string;
  user: PlanHolder;
}

const holders = sharedCache<GrantHolder>("oauth-grants", { max: 10_000, ttl: TTL_MS });

/** The grant when it is still in force, with its person's plan; null once revoked or gone. */
export async function activeGrant(grantId: string): Promise<GrantHolder | null> {
  const kept = holders.get(grantId);
  if (kept) return kept;
  const d = await db();
  const [row] = await d
    .select({
      grantId: oauthGrants.id,
      clientId: oauthGrants.clientId,
      metadata: oauthClients.metadata,
      gatewayId: oauthGrants.gatewayId,
      lastUsedAt: oauthGrants.lastUsedAt,
      uid: users.uid,
      subscriptionPlan: users.subscriptionPlan,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(oauthGrants)
    .innerJoin(users, eq(users.uid, oauthGrants.userUid))
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthGrants.clientId))
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (!row) return null;
  const holder: GrantHolder = {
    grantId: row.grantId,
    clientId: row.clientId,
    clientName: clientLabel({ client_id: row.clientId, client_name: row.metadata.client_name as string | undefined }),
    gatewayId: row.gatewayId,
    user: { uid: row.uid, subscriptionPlan: row.subscriptionPlan, subscriptionExpiresAt: row.subscriptionExpiresAt },
  };
  holders.set(grantId, holder);
  const stale = new Date(Date.now() - TOUCH_EVERY_MS);
  void d
    .update(oauthGrants)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(oauthGrants.id, grantId), or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, stale))))
    .catch(() => {});
  return holder;
}

/** The person's grant for this client and gateway, made when they first allow it; allowing again reuses it. */
export async function grantFor(userUid: string, clientId: string, gatewayId: string): Promise<{ id: string; created: boolean }> {
  const d = await db();
  const [existing] = await d
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userUid, userUid), eq(oauthGrants.clientId, clientId), eq(oauthGrants.gatewayId, gatewayId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const [row] = await d.insert(oauthGrants).values({ userUid, clientId, gatewayId, scopes: "gateway" }).returning({ id: oauthGrants.id });
  return { id: row.id, created: true };
}

/**
 * Ends a grant: its tokens stop working on every instance, and the person's
 * activity says why (they revoked it, the app did, or a code or refresh
 * token was used twice). True when it was in force.
 */
export async function endGrant(grantId: string, cause: { why: string; req?: Request; ip?: string }): Promise<boolean> {
  const d = await db();
  const [ended] = await d
    .update(oauthGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .returning();
  await holders.forget(grantId);
  if (!ended) return false;
  const [names] = await d
    .select({ metadata: oauthClients.metadata, gatewayName: gateways.name })
    .from(oauthClients)
    .innerJoin(gateways, eq(gateways.id, ended.gatewayId))
    .where(eq(oauthClients.clientId, ended.clientId))
    .limit(1);
  const app = clientLabel({ client_id: ended.clientId, client_name: names?.metadata.client_name as string | undefined });
  await record({
    userUid: ended.userUid,
    action: "oauth.grant_revoked",
    summary: `${app} can no longer use ${names?.gatewayName ?? "the gateway"}: ${cause.why}`,
    target: { type: "gateway", id: ended.gatewayId },
    metadata: { clientId: ended.clientId, app },
    req: cause.req,
    ip: cause.ip,
  });
  return true;
}

const hostOf = (uri: string) => {
  try {
    return new URL(uri).host || uri;
  } catch {
    return uri;
  }
};

/** The person's grants in force, newest first: Settings → Connected apps. */
export async function connectedApps(user: { uid: string }): Promise<ConnectedApp[]> {
  const rows = await (await db())
    .select({ grant: oauthGrants, metadata: oauthClients.metadata, gatewayName: gateways.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthGrants.clientId))
    .innerJoin(gateways, eq(gateways.id, oauthGrants.gatewayId))
    .where(and(eq(oauthGrants.userUid, user.uid), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt))
    .limit(200);
  return rows.map(({ grant, metadata, gatewayName }) => ({
    id: grant.id,
    clientId: grant.clientId,
    clientName: clientLabel({ client_id: grant.clientId, client_name: metadata.client_name as string | undefined }),
    redirectHosts: [...new Set(((metadata.redirect_uris as string[] | undefined) ?? []).map(hostOf))],
    gateway: { id: grant.gatewayId, name: gatewayName },
    createdAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The person revokes a client's grant in Settings. */
export async function revokeConnectedApp(user: { uid: string }, grantId: string, origin: { req?: Request; ip?: string }): Promise<void> {
  if (!isUuid(grantId)) throw notFound("No such connected app.");
  const [owned] = await (await db())
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userUid, user.uid), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (!owned || !(await endGrant(grantId, { why: "revoked in Settings.", ...origin }))) throw notFound("No such connected app.");
}
