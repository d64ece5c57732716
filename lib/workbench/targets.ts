import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import { notFound } from "../http/errors";
import type { Transport } from "../servers/schema";
import { isUuid } from "../guards";

/** A server as the workbench calls it: what the connection needs and what identifies its definition. */
export interface CallTarget {
  id: string;
  name: string;
  transport: Transport;
  url: string;
  /** Changes whenever the URL, transport or headers change: the pool's connection version. */
  version: string;
}

/** The caller's server, or 404 (another user's server is not found either). */
export async function findCallTarget(uid: string, id: string): Promise<CallTarget> {
  const missing = () => notFound("No server with this id.");
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select({ id: servers.id, name: servers.name, transport: servers.transport, url: servers.url, updatedAt: servers.updatedAt })
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return { id: row.id, name: row.name, transport: row.transport, url: row.url, version: row.updatedAt.toISOString() };
}
