import "server-only";
import { db } from "../db";
import { activityEvents } from "../db/schema";
import { clientIp } from "../http/client-address";
import { redact } from "../log";
import type { ActivityAction } from "./actions";

export interface ActivityEvent {
  userUid: string;
  action: ActivityAction;
  summary: string;
  target?: { type: string; id: string };
  metadata?: Record<string, unknown>;
  /** The request it came from, for IP and user agent. */
  req?: Request;
  ip?: string;
}

const MAX_STRING = 200;

/** Long strings are cut so that tool arguments never bloat the log. */
function truncate(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => truncate(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, truncate(v, depth + 1)]));
}

/** The row an event is stored as: metadata redacted and cut, the request's address and user agent. */
export function activityRow(event: ActivityEvent): typeof activityEvents.$inferInsert {
  return {
    userUid: event.userUid,
    action: event.action,
    summary: event.summary.slice(0, 300),
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    metadata: truncate(redact(event.metadata ?? {})) as Record<string, unknown>,
    ip: event.ip ?? (event.req ? clientIp(event.req) : null),
    userAgent: event.req?.headers.get("user-agent")?.slice(0, 300) ?? null,
  };
}

/**
 * Records one user-visible action. Every feature writes its events through
 * here, or through activityRow where the event goes in one statement with
 * what it records (lib/workbench/history.ts).
 */
export async function record(event: ActivityEvent): Promise<void> {
  await (await db()).insert(activityEvents).values(activityRow(event));
}
