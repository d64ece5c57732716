import "server-only";
import { rediscoverQuietly, saveListedQuietly } from "../discovery/service";
import { log } from "../log";

import { processSingleton } from "../process-singleton";
import type { Discovery } from "../mcp/types";

/**
 * Rediscovers a server a gateway reaches when what it lists may have changed:
 * the server said so (`notifications/*_list_changed`), or a gateway client's
 * connection found it listing other definitions than the stored ones
 * (endpoint/live-definitions.ts), which are then saved as they were found,
 * without a connection of their own. Rediscovery saves the definitions, and
 * a change is quarantined or scanned before the next call
 * (lib/discovery/save.ts). One at a time per server in a process, and a
 * discovery at most every REFRESH_MS: a server that repeats itself, or fifty
 * clients seeing one change at once, cost one.
 */

const REFRESH_MS = 10_000;

const state = () => processSingleton("gateway-refresh", () => ({ last: new Map<string, number>(), running: new Set<string>() }));

export function refreshSoon(serverId: string, found?: Discovery): void {
  const { last, running } = state();
  const now = Date.now();
  if (running.has(serverId)) return;
  // What a connection found is saved whenever it differs: it asks nothing more of the server.
  if (!found && now - (last.get(serverId) ?? 0) < REFRESH_MS) return;
  last.set(serverId, now);
  running.add(serverId);
  void (found ? saveListedQuietly(serverId, found) : rediscoverQuietly(serverId))
    .catch((err: unknown) => log.warn("gateway refresh failed", { serverId, err }))
    .finally(() => running.delete(serverId));
}
