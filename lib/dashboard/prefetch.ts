import "server-only";
import type { PlanHolder } from "../plans/holder";
import type { PrefetchQuery } from "../query/prefetch";
import { dashboardKeys } from "../servers/keys";
import { dashboardSummary } from "./service";

/** `useDashboardSummary()`'s entry of the browser's cache, filled by the service call behind GET /api/dashboard. */
export function dashboardPrefetch(user: PlanHolder): PrefetchQuery {
  return { queryKey: dashboardKeys.summary(), load: () => dashboardSummary(user) };
}
