import "server-only";
import { LRUCache } from "lru-cache";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { log } from "../log";
import { processSingleton } from "../process-singleton";
import { onServerChanged } from "../servers/changes";
import { gatewayView, type GatewayView } from "./view";
import { loadGatewayState, type GatewayState } from "./view-data";

/**
 * Each gateway's view, kept per process between requests, so that a call
 * pays no more than its own lookups. An entry is dropped on every instance
 * when one of its servers changes (definitions, approvals, findings, status:
 * lib/servers/changes.ts) or the gateway is edited; nothing is kept until
 * this process listens. Should the listening connection be lost, an entry
 * still lives `VIEW_TTL_MS` at most.
 */

const GATEWAY_CHANGED = "gateway_changed";
/** How long this process may serve a view whose change it did not hear of (the listening connection lost). */
export const VIEW_TTL_MS = 30_000;

export interface CachedView {
  state: GatewayState;
  view: GatewayView;
  /** When its reading began, on performance.now()'s clock: a server's listing older than this may be out of date (endpoint/live-definitions.ts). */
  loadedAt: number;
}

interface Cache {
  entries: LRUCache<string, CachedView>;
  listening: Promise<boolean> | undefined;
  /** Called with the gateway's id whenever its view may have changed (a client's list_changed). */
  watchers: Set<(gatewayId: string) => void>;
}

const cache = () =>
  processSingleton("gateway-views", (): Cache => ({ entries: new LRUCache({ max: 2_000, ttl: VIEW_TTL_MS }), listening: undefined, watchers: new Set() }));

function dropGateway(c: Cache, gatewayId: string) {
  c.entries.delete(gatewayId);
  for (const watcher of c.watchers) watcher(gatewayId);
}

function listen(c: Cache): Promise<boolean> {
  c.listening ??= (async () => {
    const channels = channelsOf(await database());
    await channels.listen(GATEWAY_CHANGED, (id) => dropGateway(c, id));
    await onServerChanged((serverId) => {
      for (const [id, entry] of c.entries.entries()) {
        if (entry.state.servers.some((s) => s.serverId === serverId)) dropGateway(c, id);
      }
      // A gateway not cached here may still have watchers (an agent's open stream): they re-read and compare.
      for (const watcher of c.watchers) watcher(`server:${serverId}`);
    });
    return true;
  })().catch((err: unknown) => {
    c.listening = undefined;
    log.warn("gateway view changes not heard", { err });
    return false;
  });
  return c.listening;
}

/** The gateway's state and view, from the cache when it holds them; null when the gateway is gone. */
export async function cachedView(gatewayId: string): Promise<CachedView | null> {
  const c = cache();
  const heard = await listen(c);
  const hit = heard ? c.entries.get(gatewayId) : undefined;
  if (hit) return hit;
  const loadedAt = performance.now();
  const state = await loadGatewayState(gatewayId);
  if (!state) return null;
  const entry = { state, view: gatewayView(state.servers, state.policy), loadedAt };
  if (heard) c.entries.set(gatewayId, entry);
  return entry;
}

/** The gateway was edited or deleted: every instance reads it again. */
export async function announceGatewayChanged(gatewayId: string): Promise<void> {
  dropGateway(cache(), gatewayId);
  try {
    await channelsOf(await database()).publish(GATEWAY_CHANGED, gatewayId);
  } catch (err) {
    log.warn("gateway change not announced", { gatewayId, err });
  }
}

/**
 * Hears that a view may have changed, until the returned function is called:
 * `changed` gets the gateway's id, or `server:<id>` when one of the servers
 * changed (the listener tells whether it concerns its gateway).
 */
export async function watchViews(changed: (what: string) => void): Promise<() => void> {
  const c = cache();
  await listen(c);
  c.watchers.add(changed);
  return () => c.watchers.delete(changed);
}
