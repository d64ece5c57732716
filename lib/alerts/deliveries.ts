import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "../db";
import type { Db } from "../db/database";
import { alertDeliveries } from "../db/schema";
import { exactTime, keysetPage, olderThan, parseCursor } from "../db/time-cursor";
import { maxAttempts } from "./backoff";
import { shortDestination } from "./destination";
import type { AlertDeliveryDto, AlertEventName, AlertPayload, DeliveriesPage } from "./schema";

const columns = {
  id: alertDeliveries.id,
  at: exactTime(alertDeliveries.createdAt),
  event: alertDeliveries.event,
  channel: alertDeliveries.channel,
  destination: alertDeliveries.destination,
  status: alertDeliveries.status,
  attempts: alertDeliveries.attempts,
  nextAttemptAt: alertDeliveries.nextAttemptAt,
  responseStatus: alertDeliveries.responseStatus,
  durationMs: alertDeliveries.durationMs,
  error: alertDeliveries.error,
  server: sql<AlertPayload["server"]>`${alertDeliveries.payload}->'server'`,
};

const select = (d: Db, where: SQL | undefined) => d.select(columns).from(alertDeliveries).where(where);
type Row = Awaited<ReturnType<typeof select>>[number];

function toDto(r: Row): AlertDeliveryDto {
  const event = r.event as AlertEventName;
  return {
    id: r.id,
    createdAt: r.at,
    event,
    channel: r.channel,
    destination: r.channel === "webhook" ? shortDestination(r.destination) : r.destination,
    status: r.status,
    attempts: r.attempts,
    maxAttempts: maxAttempts(event),
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    responseStatus: r.responseStatus,
    durationMs: r.durationMs,
    error: r.error,
    server: r.server ?? null,
  };
}

// "nulls last" as in alert_deliveries_user_created_idx, so the index serves the order.
const newestFirst = [sql`${alertDeliveries.createdAt} desc nulls last`, sql`${alertDeliveries.id} desc nulls last`];

/** One page of the user's own deliveries, newest first. */
export async function listDeliveries(uid: string, page: { cursor?: string; limit: number }): Promise<DeliveriesPage> {
  const after = parseCursor(page.cursor);
  const rows = await select(await db(), and(eq(alertDeliveries.userUid, uid), after ? olderThan(alertDeliveries.createdAt, alertDeliveries.id, after) : undefined))
    .orderBy(...newestFirst)
    .limit(page.limit + 1);
  const { shown, nextCursor } = keysetPage(rows, page.limit, (r) => r.at);
  return { deliveries: shown.map(toDto), nextCursor };
}

/** The user's deliveries with these ids, in the order given. */
export async function deliveriesByIds(uid: string, ids: string[]): Promise<AlertDeliveryDto[]> {
  if (ids.length === 0) return [];
  const rows = await select(await db(), and(eq(alertDeliveries.userUid, uid), inArray(alertDeliveries.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, toDto(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
