import "server-only";
import { and, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "../db";
import type { Tx } from "../db/transaction";
import { activityEvents, gateways, servers } from "../db/schema";
import { exactTime as exactTimeOf, keysetPage, olderThan, parseCursor, type TimeCursor } from "../db/time-cursor";
import type { ActivityDetails, ActivityFilters, ActivityItem, ActivityPage, ActivityTarget } from "./schema";
import { notFound } from "../http/errors";
import { isUuid } from "../guards";

const exactTime = exactTimeOf(activityEvents.createdAt);

/** What a list of events shows of each: what happened, to what; the details come on demand. */
export const eventSummaryColumns = {
  id: activityEvents.id,
  action: activityEvents.action,
  summary: activityEvents.summary,
  targetType: activityEvents.targetType,
  targetId: activityEvents.targetId,
};

function where(uid: string, filters: ActivityFilters, after: TimeCursor | null): SQL {
  const parts: (SQL | undefined)[] = [eq(activityEvents.userUid, uid)];
  if (filters.action) parts.push(eq(activityEvents.action, filters.action));
  if (filters.serverId) {
    // Events about a server either target it or name it in their metadata (a workbench call, a ticket).
    parts.push(
      or(
        and(eq(activityEvents.targetType, "server"), eq(activityEvents.targetId, filters.serverId)),
        sql`${activityEvents.metadata}->>'serverId' = ${filters.serverId}`,
      ),
    );
  }
  if (filters.from) parts.push(gte(activityEvents.createdAt, new Date(filters.from)));
  if (filters.to) parts.push(lt(activityEvents.createdAt, new Date(filters.to)));
  if (after) parts.push(olderThan(activityEvents.createdAt, activityEvents.id, after));
  return and(...parts)!;
}

// "nulls last" as in activity_events_user_created_idx: only an exact match of
// the index's order lets PostgreSQL walk it and stop at the page's end.
const newestFirst = [sql`${activityEvents.createdAt} desc nulls last`, sql`${activityEvents.id} desc nulls last`];

/**
 * Runs a page query with sorting ruled out, so the planner walks the index in
 * order and stops after the page. Without fresh statistics (PGlite never
 * analyzes; PostgreSQL does only after autovacuum) it would otherwise fetch
 * all of a large log and sort it, for every page: measured 1 s instead of
 * 7 ms per page at 100,000 events.
 */
async function inIndexOrder<T>(query: (tx: Tx) => Promise<T>): Promise<T> {
  return (await db()).transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return query(tx);
  });
}

function hrefFor(type: string, id: string, names: Map<string, string>): Pick<ActivityTarget, "href" | "label"> {
  if (type === "server" || type === "gateway") {
    const name = names.get(`${type} ${id}`);
    return name === undefined ? { href: null, label: null } : { href: `/${type}s/${id}`, label: name };
  }
  if (type === "ticket") return { href: `/support?ticket=${encodeURIComponent(id)}`, label: null };
  return { href: null, label: null };
}

/** One page of the user's log, newest first. */
export async function listActivity(
  uid: string,
  filters: ActivityFilters,
  page: { cursor?: string; limit: number },
): Promise<ActivityPage> {
  const after = parseCursor(page.cursor);
  const rows = await inIndexOrder((tx) =>
    tx
      .select({ ...eventSummaryColumns, at: exactTime })
      .from(activityEvents)
      .where(where(uid, filters, after))
      .orderBy(...newestFirst)
      .limit(page.limit + 1),
  );

  const { shown, nextCursor } = keysetPage(rows, page.limit, (r) => r.at);

  // A server's or a gateway's link and name only while it still exists and is the user's.
  const idsOf = (type: string) => [...new Set(shown.filter((r) => r.targetType === type && isUuid(r.targetId ?? "")).map((r) => r.targetId!))];
  const serverIds = idsOf("server");
  const gatewayIds = idsOf("gateway");
  const names = new Map<string, string>();
  const [ownedServers, ownedGateways] = await Promise.all([
    serverIds.length
      ? (await db()).select({ id: servers.id, name: servers.name }).from(servers).where(and(eq(servers.ownerUid, uid), inArray(servers.id, serverIds)))
      : [],
    gatewayIds.length
      ? (await db()).select({ id: gateways.id, name: gateways.name }).from(gateways).where(and(eq(gateways.ownerUid, uid), inArray(gateways.id, gatewayIds)))
      : [],
  ]);
  for (const s of ownedServers) names.set(`server ${s.id}`, s.name);
  for (const g of ownedGateways) names.set(`gateway ${g.id}`, g.name);

  const events: ActivityItem[] = shown.map((r) => ({
    id: r.id,
    action: r.action,
    summary: r.summary,
    createdAt: r.at,
    target: r.targetType && r.targetId ? { type: r.targetType, id: r.targetId, ...hrefFor(r.targetType, r.targetId, names) } : null,
  }));
  return { events, nextCursor };
}

/** The details of one of the user's events; another user's event is not found. */
export async function activityDetails(uid: string, id: string): Promise<ActivityDetails> {
  const [row] = await (await db())
    .select({ id: activityEvents.id, metadata: activityEvents.metadata, ip: activityEvents.ip, userAgent: activityEvents.userAgent })
    .from(activityEvents)
    .where(and(eq(activityEvents.id, id), eq(activityEvents.userUid, uid)))
    .limit(1);
  if (!row) throw notFound("This event does not exist.");
  return row;
}

export interface ExportRow {
  id: string;
  createdAt: string;
  action: string;
  summary: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The details as JSON text, straight from the database: an export copies it without parsing it. */
  metadata: string;
}

/**
 * Every matching event, newest first, one page at a time: memory holds one
 * page whatever the size of the log.
 */
export async function* activityPages(uid: string, filters: ActivityFilters, pageSize = 1000): AsyncGenerator<ExportRow[]> {
  let after: TimeCursor | null = null;
  for (;;) {
    const rows: ExportRow[] = await inIndexOrder((tx) =>
      tx
        .select({
          id: activityEvents.id,
          createdAt: exactTime,
          action: activityEvents.action,
          summary: activityEvents.summary,
          targetType: activityEvents.targetType,
          targetId: activityEvents.targetId,
          ip: activityEvents.ip,
          userAgent: activityEvents.userAgent,
          metadata: sql<string>`${activityEvents.metadata}::text`,
        })
        .from(activityEvents)
        .where(where(uid, filters, after))
        .orderBy(...newestFirst)
        .limit(pageSize),
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { t: last.createdAt, id: last.id };
  }
}

/** How many of the user's events of one action happened since `since` (usage counters). */
export async function countActionSince(uid: string, action: string, since: Date): Promise<number> {
  const [row] = await (await db())
    .select({ n: sql<number>`count(*)::int` })
    .from(activityEvents)
    .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, action), gte(activityEvents.createdAt, since)));
  return row?.n ?? 0;
}
