import "server-only";
import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { Tx } from "../db/transaction";
import { maintenanceWindows, maintenanceWindowServers } from "../db/schema";

/**
 * What monitoring asks of maintenance when a check would open an incident:
 * whether the server is in a window (then none is opened), and when its
 * last window ended (an incident after one starts no earlier).
 */

const joined = (tx: Tx) =>
  tx.select({ endsAt: maintenanceWindows.endsAt }).from(maintenanceWindowServers).innerJoin(maintenanceWindows, eq(maintenanceWindows.id, maintenanceWindowServers.windowId));

export async function inMaintenance(tx: Tx, serverId: string, at: Date): Promise<boolean> {
  const [row] = await joined(tx)
    .where(and(eq(maintenanceWindowServers.serverId, serverId), lte(maintenanceWindows.startsAt, at), gt(maintenanceWindows.endsAt, at)))
    .limit(1);
  return Boolean(row);
}

export async function lastMaintenanceEnd(tx: Tx, serverId: string, before: Date): Promise<Date | null> {
  const [row] = await joined(tx)
    .where(and(eq(maintenanceWindowServers.serverId, serverId), lte(maintenanceWindows.endsAt, before)))
    .orderBy(desc(maintenanceWindows.endsAt))
    .limit(1);
  return row?.endsAt ?? null;
}
