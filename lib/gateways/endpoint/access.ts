import "server-only";
import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { sharedCache } from "../../cache/shared-cache";
import { db } from "../../db";
import { log } from "../../log";
import { gateways, gatewaySessions } from "../../db/schema";
import { MAX_CAPABILITY_BYTES, MAX_SESSIONS_PER_CREDENTIAL } from "./bounds";

/**
 * The gateway a slug names and the session a client holds, each kept a few
 * seconds per process, so that a burst of calls reads them once (the token
 * is lib/tokens/holder.ts's); deleting a gateway or ending a session drops
 * the entry on every instance.
 */

const TTL_MS = 5_000;

export interface GatewayRef {
  id: string;
  ownerUid: string;
  name: string;
}

/** What a client signed in to a gateway with: a personal API token, or an OAuth grant. */
export interface Credential {
  tokenId: string | null;
  grantId: string | null;
  /** How the audit names it: the token's name, or the app's. */
  name: string;
  /** The OAuth client's name; null for a personal token. */
  app: string | null;
}

export interface SessionRef {
  id: string;
  gatewayId: string;
  tokenId: string | null;
  grantId: string | null;
  clientName: string;
  clientVersion: string;
  clientCapabilities: Record<string, unknown>;
  protocolVersion: string;
}

const slugs = sharedCache<GatewayRef>("gateway-slugs", { max: 10_000, ttl: TTL_MS });
const sessions = sharedCache<SessionRef>("gateway-sessions", { max: 50_000, ttl: 60_000 });

/**
 * A gateway slug's shape: a slug of the name and eight hex digits
 * (lib/gateways/service.ts), so never longer than 49 characters. A path
 * segment of any other shape names no gateway.
 */
const SLUG = /^[a-z0-9-]{1,64}$/;

export const isGatewaySlug = (slug: string) => SLUG.test(slug);

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

type Holder = Pick<Credential, "tokenId" | "grantId">;

/** The sessions a credential opened: its token's, or its grant's across refreshes. */
export function openedBy(credential: Holder): SQL {
  return credential.tokenId !== null
    ? and(eq(gatewaySessions.tokenId, credential.tokenId), isNull(gatewaySessions.grantId))!
    : and(isNull(gatewaySessions.tokenId), eq(gatewaySessions.grantId, credential.grantId!))!;
}

/** The capabilities the gateway reads (what it may ask the client, lib/gateways/endpoint/mcp-server.ts), each kept small. */
const READ_CAPABILITIES = ["roots", "sampling", "elicitation"];
function keptCapabilities(declared: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const name of READ_CAPABILITIES) {
    const value = declared[name];
    if (value !== undefined) kept[name] = JSON.stringify(value).length <= MAX_CAPABILITY_BYTES ? value : {};
  }
  return kept;
}

/**
 * Stores a new session; past the credential's most open sessions, the least
 * recently used are ended (their clients initialize again at their next
 * request), so that a client looping on initialize fills nothing.
 *
 * Many clients of one credential initializing at once each prune the same
 * old rows: each skips the rows another is already ending (else two deletes
 * wait on each other's rows and PostgreSQL ends one as a deadlock, which
 * failed that client's initialize). A prune that fails all the same is
 * logged and the session opened: the bound holds again at the next one.
 */
export async function openSession(gatewayId: string, credential: Holder, client: { name: string; version: string; capabilities: Record<string, unknown>; protocolVersion: string }): Promise<SessionRef> {
  const d = await db();
  const [row] = await d
    .insert(gatewaySessions)
    .values({
      gatewayId,
      tokenId: credential.tokenId,
      grantId: credential.grantId,
      clientName: client.name.slice(0, 200),
      clientVersion: client.version.slice(0, 100),
      clientCapabilities: keptCapabilities(client.capabilities),
      protocolVersion: client.protocolVersion.slice(0, 40),
    })
    .returning();
  const ref = toRef(row);
  sessions.set(ref.id, ref);
  const beyond = d
    .select({ id: gatewaySessions.id })
    .from(gatewaySessions)
    .where(openedBy(credential))
    .orderBy(desc(gatewaySessions.lastSeenAt), desc(gatewaySessions.createdAt), desc(gatewaySessions.id))
    .offset(MAX_SESSIONS_PER_CREDENTIAL)
    .for("update", { skipLocked: true });
  try {
    const ended = await d.delete(gatewaySessions).where(inArray(gatewaySessions.id, beyond)).returning({ id: gatewaySessions.id });
    await Promise.all(ended.map((e) => sessions.forget(e.id)));
  } catch (err) {
    log.warn("gateway sessions not pruned", { gatewayId, err });
  }
  return ref;
}

function toRef(row: typeof gatewaySessions.$inferSelect): SessionRef {
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    tokenId: row.tokenId,
    grantId: row.grantId,
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

/** Ends the session if `credential` opened it (no other client of the gateway may end it); false when there was none such. */
export async function endSession(gatewayId: string, credential: Holder, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const gone = await (await db())
    .delete(gatewaySessions)
    .where(and(eq(gatewaySessions.id, id), eq(gatewaySessions.gatewayId, gatewayId), openedBy(credential)))
    .returning({ id: gatewaySessions.id });
  if (gone.length === 0) return false;
  await sessions.forget(id);
  return true;
}
