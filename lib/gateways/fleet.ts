import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import { db } from "../db";
import { activityEvents, gateways } from "../db/schema";

const DAY_MS = 86_400_000;

/** The user's gateways at a glance, for the dashboard: how many, and how many calls they refused in the last 24 hours. */
export async function fleetGateways(uid: string, now = new Date()): Promise<{ total: number; blocked24h: number }> {
  const d = await db();
  const [[owned], [blocked]] = await Promise.all([
    d.select({ n: count() }).from(gateways).where(eq(gateways.ownerUid, uid)),
    d
      .select({ n: count() })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, "gateway.blocked"), gte(activityEvents.createdAt, new Date(now.getTime() - DAY_MS)))),
  ]);
  return { total: owned.n, blocked24h: blocked.n };
}
