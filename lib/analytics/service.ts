import "server-only";
import { db } from "../db";
import { analyticsEvents } from "../db/schema";
import type { AnalyticsBatch } from "./schema";

/** How far a client's clock may put an event in the past or the future before the server's time is used. */
const PAST_TOLERANCE_MS = 60 * 60 * 1000;
const FUTURE_TOLERANCE_MS = 60 * 1000;

/** The analytics user type of everyone but administrators, who are counted apart. */
function userType(role: string | undefined): string {
  return role === "admin" ? "admin" : "standard";
}

function eventTime(timestamp: number | undefined, now: number): Date {
  if (timestamp === undefined || timestamp < now - PAST_TOLERANCE_MS || timestamp > now + FUTURE_TOLERANCE_MS) {
    return new Date(now);
  }
  return new Date(timestamp);
}

/**
 * Stores a consented batch. The caller has checked consent; `user` is the
 * signed-in account, if any, so that events can be tied to it (and are
 * deleted with it).
 */
export async function storeEvents(
  batch: AnalyticsBatch,
  user: { uid: string; role?: string } | null,
  now = Date.now(),
): Promise<number> {
  const utm = batch.utm && Object.keys(batch.utm).length ? (batch.utm as Record<string, string>) : null;
  const rows = batch.events.map((event) => ({
    name: event.name,
    userUid: user?.uid ?? null,
    userType: userType(user?.role),
    path: event.path ?? null,
    properties: event.properties ?? {},
    utm,
    createdAt: eventTime(event.timestamp, now),
  }));
  await (await db()).insert(analyticsEvents).values(rows);
  return rows.length;
}
