import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import type { PlanHolder } from "../plans/holder";
import { monitoringKeys } from "./keys";
import { OVERVIEW_UPTIME_WINDOWS } from "./schema";
import { getUptime } from "./service";

/**
 * `useUptime(id, window)` for each window of a server's overview, as
 * `GET /api/servers/{id}/uptime` answers it. A window beyond the
 * user's plan fails here and is left to the browser, which shows it locked.
 */
export function uptimePrefetch(user: PlanHolder, serverId: string): PrefetchQuery[] {
  return OVERVIEW_UPTIME_WINDOWS.map((window) => ({ queryKey: monitoringKeys.uptime(serverId, window), load: () => getUptime(user, serverId, window) }));
}
