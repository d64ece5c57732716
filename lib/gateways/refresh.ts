import "server-only";
import { rediscoverQuietly } from "../discovery/service";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/**
 * Rediscovers a server a gateway reaches when what it lists may have changed:
 * the server said so (`notifications/*_list_changed`), or a gateway client's
 * connection to it was (re)opened. Rediscovery saves the definitions, and a
 * change is quarantined or scanned before the next call (lib/discovery/save.ts).
 * At most one per server every REFRESH_MS in a process: a server that
 * repeats itself, or fifty clients connecting at once, cost one discovery.
 */

const REFRESH_MS = 10_000;

const state = () => processSingleton("gateway-refresh", () => ({ last: new Map<string, number>(), running: new Set<string>() }));

export function refreshSoon(serverId: string): void {
  const { last, running } = state();
  const now = Date.now();
  if (running.has(serverId) || now - (last.get(serverId) ?? 0) < REFRESH_MS) return;
  last.set(serverId, now);
  running.add(serverId);
  void rediscoverQuietly(serverId)
    .catch((err: unknown) => log.warn("gateway refresh failed", { serverId, err }))
    .finally(() => running.delete(serverId));
}
