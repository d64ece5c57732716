import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import type { ProtocolPrior } from "../mcp/types";

/**
 * The last negotiation's verdict for a stored server (lib/upstream/negotiation.ts):
 * saved after discoveries and checks, so that the next connection does not
 * probe again; forgotten (null) when a call failed for a protocol reason, so
 * that the next one probes afresh. Callers have checked ownership or act for
 * the monitor.
 */
export async function rememberVerdict(serverId: string, prior: ProtocolPrior | null): Promise<void> {
  await (await db()).update(servers).set({ protocolPrior: storable(prior ?? undefined) }).where(eq(servers.id, serverId));
}

/**
 * A modern verdict holds the server's whole `server/discover` answer, which
 * the server sizes (up to the 5 MiB any answer may have). One larger than
 * this is not kept: that server is probed on each connection instead, and its
 * row stays small for every statement that reads it.
 */
export const MAX_STORED_VERDICT_BYTES = 64 * 1024;

function storable(prior: ProtocolPrior | undefined): ProtocolPrior | null {
  if (!prior) return null;
  return Buffer.byteLength(JSON.stringify(prior)) <= MAX_STORED_VERDICT_BYTES ? prior : null;
}

/** JSON with each object's keys sorted: PostgreSQL's jsonb gives keys back in its own order, not the server's. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether what would be stored for `found` differs from what is stored: a check writes only a change. */
export const verdictChanged = (stored: ProtocolPrior | null | undefined, found: ProtocolPrior | undefined): found is ProtocolPrior =>
  found !== undefined && canonical(stored ?? null) !== canonical(storable(found));
