import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import { isUuid } from "../guards";
import { notFound } from "../http/errors";
import type { ServerTransport } from "../mcp/types";
import type { ProtocolPrior } from "../mcp/types";
import type { StdioConfig } from "../stdio/config";

export interface OwnedServer {
  id: string;
  name: string;
  transport: ServerTransport;
  url: string;
  authType: "headers" | "oauth";
  discoveredAt: Date | null;
  degradedThresholdMs: number;
  /** "auto" or a pinned revision, and the last negotiation's verdict (lib/upstream/negotiation.ts). */
  protocol: string;
  protocolPrior: ProtocolPrior | null;
  /** Transport "stdio": its package, program and arguments. */
  stdio: StdioConfig | null;
}

const missing = () => notFound("No server with this id.");

/** The caller's server, or 404 (another user's server is not found either). */
export async function findOwnedServer(uid: string, id: string): Promise<OwnedServer> {
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select({ id: servers.id, name: servers.name, transport: servers.transport, url: servers.url, authType: servers.authType, discoveredAt: servers.discoveredAt, degradedThresholdMs: servers.degradedThresholdMs, protocol: servers.protocol, protocolPrior: servers.protocolPrior, stdio: servers.stdio })
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return row;
}
