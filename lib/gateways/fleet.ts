import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import { db } from "../db";
import { activityEvents, gateways } from "../db/schema";
import { heldItems } from "./held";

const DAY_MS = 86_400_000;

/**
 * The user's gateways at a glance, for the dashboard: how many, how many calls they refused in the last 24 hours,
 * and how many hold items from their agents (blocked or quarantined) until the owner acts.
 */
export async function fleetGateways(uid: string, now = new Date()): Promise<{ total: number; blocked24h: number; holding: number }> {
  const d = await db();
  const [owned, [blocked]] = await Promise.all([
    d.select({ id: gateways.id }).from(gateways).where(eq(gateways.ownerUid, uid)),
    d
      .select({ n: count() })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, "gateway.blocked"), gte(activityEvents.createdAt, new Date(now.getTime() - DAY_MS)))),
  ]);
  const held = await heldItems(owned.map((g) => g.id));
  return { total: owned.length, blocked24h: blocked.n, holding: [...held.values()].filter((h) => h.blocked + h.quarantined > 0).length };
}
