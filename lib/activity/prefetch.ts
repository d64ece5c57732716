import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { ACTIVITY_PAGE_SIZE, activityKeys, activityQueryString, type ActivityViewFilters } from "./keys";
import { listActivity } from "./queries";
import { activityListQuery } from "./schema";

/**
 * `useActivity(filters)`'s first page, as `GET /api/activity` answers the
 * query string the hook sends. A view with dates is left to the browser: its
 * days start at the browser's midnight, which the server does not know.
 */
export function activityPrefetch(uid: string, filters: ActivityViewFilters): PrefetchQuery[] {
  if (filters.from || filters.to) return [];
  const raw = Object.fromEntries(new URLSearchParams(activityQueryString(filters, { limit: String(ACTIVITY_PAGE_SIZE) })));
  const { cursor, limit, ...rest } = activityListQuery.parse(raw);
  return [{ queryKey: activityKeys.list(filters), load: () => listActivity(uid, rest, { cursor, limit }), infinite: true }];
}
