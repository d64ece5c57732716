import "server-only";
import { and, eq } from "drizzle-orm";
import { sharedCache } from "../cache/shared-cache";
import { db } from "../db";
import { servers } from "../db/schema";
import { notFound } from "../http/errors";
import type { ServerTransport } from "../mcp/types";
import { isUuid } from "../guards";
import type { ProtocolPrior } from "../mcp/types";
import type { StdioConfig } from "../stdio/config";

/** A server as the workbench calls it: what the connection needs and what identifies its definition. */
export interface CallTarget {
  id: string;
  name: string;
  transport: ServerTransport;
  url: string;
  authType: "headers" | "oauth";
  /** Changes whenever the URL, transport or headers change: the pool's connection version. */
  version: string;
  /** "auto" or a pinned revision, and the last negotiation's verdict (lib/upstream/negotiation.ts). */
  protocol: string;
  protocolPrior: ProtocolPrior | null;
  /** Transport "stdio": its package, program and arguments. */
  stdio: StdioConfig | null;
}

/**
 * A found target is kept for at most TARGET_TTL_MS in each process, keyed by
 * owner and id, so that a burst of calls checks ownership once. An edit or
 * a deletion calls forgetCallTarget(), which drops it on every instance
 * (lib/cache/shared-cache.ts); an instance that missed the word sees the
 * change TARGET_TTL_MS later at most (a call in that window reaches the old
 * definition, and its history row is not kept if the server is gone). A
 * server never changes owner, so ownership itself cannot go stale.
 * Not-found answers are not kept.
 */
const TARGET_TTL_MS = 5_000;
const targets = sharedCache<CallTarget>("workbench-call-targets", { max: 10_000, ttl: TARGET_TTL_MS });
const keyOf = (uid: string, id: string) => `${uid}:${id}`;

export function forgetCallTarget(uid: string, id: string): Promise<void> {
  return targets.forget(keyOf(uid, id));
}

/** The caller's server, or 404 (another user's server is not found either). */
export async function findCallTarget(uid: string, id: string): Promise<CallTarget> {
  const missing = () => notFound("No server with this id.");
  if (!isUuid(id)) throw missing();
  const kept = targets.get(keyOf(uid, id));
  if (kept) return kept;
  const [row] = await (await db())
    .select({ id: servers.id, name: servers.name, transport: servers.transport, url: servers.url, authType: servers.authType, updatedAt: servers.updatedAt, protocol: servers.protocol, protocolPrior: servers.protocolPrior, stdio: servers.stdio })
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  const target = {
    id: row.id,
    name: row.name,
    transport: row.transport,
    url: row.url,
    authType: row.authType,
    version: row.updatedAt.toISOString(),
    protocol: row.protocol,
    protocolPrior: row.protocolPrior,
    stdio: row.stdio,
  };
  targets.set(keyOf(uid, id), target);
  return target;
}
