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
  await (await db()).update(servers).set({ protocolPrior: prior }).where(eq(servers.id, serverId));
}

/** Whether `found` differs from what is stored: a check writes only a change. */
export const verdictChanged = (stored: ProtocolPrior | null | undefined, found: ProtocolPrior | undefined): found is ProtocolPrior =>
  found !== undefined && JSON.stringify(stored ?? null) !== JSON.stringify(found);
