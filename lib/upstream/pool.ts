import "server-only";
import { processSingleton } from "../process-singleton";
import { onServerDeleted } from "../servers/deletion";
import { onStdioReconfigured } from "../servers/stdio-reconfigured";
import { processTable } from "../sandbox/process-table";
import type { WorkbenchSession } from "./session";

/**
 * Live MCP connections of the workbench, kept between calls: one initialize
 * serves many calls. Keyed by user and server; an entry is replaced when the
 * server's definition changed (its `version`), closed after `idleMs` without
 * a call, and the least recently used idle one is closed when there are
 * more than `maxConnections`. One pool per process (see processSingleton).
 */

export interface PoolOptions {
  idleMs: number;
  maxConnections: number;
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = { idleMs: 5 * 60_000, maxConnections: 200 };

interface Entry {
  version: string;
  session: Promise<WorkbenchSession>;
  busy: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  gone: boolean;
}

export interface Lease {
  session: WorkbenchSession;
  /** Hands the connection back for the next call. */
  release(): void;
  /** The connection is broken: closes it, so that the next acquire opens a new one. */
  discard(): void;
}

export class ConnectionPool {
  private readonly entries = new Map<string, Entry>();
  private options: PoolOptions;

  constructor(options: PoolOptions = DEFAULT_POOL_OPTIONS) {
    this.options = { ...options };
  }

  configure(options: Partial<PoolOptions>) {
    this.options = { ...this.options, ...options };
  }

  get size(): number {
    return this.entries.size;
  }

  /** Connections in a call right now. */
  get busy(): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.busy > 0) n += 1;
    return n;
  }

  async acquire(key: string, version: string, open: () => Promise<WorkbenchSession>): Promise<Lease> {
    let entry = this.entries.get(key);
    if (entry && entry.version !== version) {
      void this.remove(key, entry);
      entry = undefined;
    }
    entry ??= this.add(key, version, open);
    // Counted as busy before waiting, so that the idle timer cannot close it meanwhile.
    entry.busy += 1;
    clearTimeout(entry.idleTimer);
    // Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const current = entry;
    let session: WorkbenchSession;
    try {
      session = await current.session;
    } catch (err) {
      current.busy -= 1;
      void this.remove(key, current);
      throw err;
    }
    if (!session.usable) {
      current.busy -= 1;
      void this.remove(key, current);
      return this.acquire(key, version, open);
    }
    let done = false;
    return {
      session,
      release: () => {
        if (done) return;
        done = true;
        current.busy -= 1;
        if (current.busy === 0 && !current.gone) this.idle(key, current);
      },
      discard: () => {
        if (done) return;
        done = true;
        current.busy -= 1;
        void this.remove(key, current);
      },
    };
  }

  /** Closes the connections whose key starts with `prefix`, busy or not (what they reach is gone). */
  async closeStartingWith(prefix: string): Promise<void> {
    const matching = [...this.entries.entries()].filter(([key]) => key.startsWith(prefix));
    await Promise.all(matching.map(([key, entry]) => this.remove(key, entry)));
  }

  /** Closes the least recently used idle connection whose key `matches`, and answers its key; undefined when none is idle. */
  closeIdle(matches: (key: string) => boolean): string | undefined {
    for (const [key, entry] of this.entries) {
      if (entry.busy === 0 && matches(key)) {
        void this.remove(key, entry);
        return key;
      }
    }
    return undefined;
  }

  /** Closes every connection (shutdown, tests). */
  async closeAll(): Promise<void> {
    const all = [...this.entries.entries()];
    await Promise.all(all.map(([key, entry]) => this.remove(key, entry)));
  }

  private add(key: string, version: string, open: () => Promise<WorkbenchSession>): Entry {
    const entry: Entry = { version, session: open(), busy: 0, gone: false };
    entry.session.catch(() => {});
    this.entries.set(key, entry);
    this.evictOverflow(entry);
    return entry;
  }

  private idle(key: string, entry: Entry) {
    entry.idleTimer = setTimeout(() => {
      if (entry.busy === 0) void this.remove(key, entry);
    }, this.options.idleMs);
    entry.idleTimer.unref?.();
  }

  /** Closes least recently used idle connections beyond the bound; busy ones are never cut off mid-call. */
  private evictOverflow(added: Entry) {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxConnections) return;
      if (entry !== added && entry.busy === 0) void this.remove(key, entry);
    }
  }

  private async remove(key: string, entry: Entry): Promise<void> {
    if (entry.gone) return;
    entry.gone = true;
    clearTimeout(entry.idleTimer);
    if (this.entries.get(key) === entry) this.entries.delete(key);
    const session = await entry.session.catch(() => undefined);
    await session?.close().catch(() => {});
  }
}

export function workbenchPool(): ConnectionPool {
  return processSingleton("workbench-pool", () => {
    const pool = new ConnectionPool();
    // A deleted server's connections must not stay reachable.
    onServerDeleted((uid, serverId) => closePooledConnections(uid, serverId));
    // Nor may a stdio server's process run on with the package, arguments, env or egress it was started with;
    // and the new ones start without waiting out the old ones' backoff.
    onStdioReconfigured(async (uid, serverId) => {
      await closePooledConnections(uid, serverId);
      processTable().clearBackoff(uid, serverId);
    });
    return pool;
  });
}

/** The pool key of a user's connection to one of their servers. */
export const poolKey = (uid: string, serverId: string) => `${uid}:${serverId}:`;

/** Closes the user's pooled connections to `serverId`, or to all their servers: deleted, they must not stay reachable. */
export function closePooledConnections(uid: string, serverId?: string): Promise<void> {
  return workbenchPool().closeStartingWith(serverId ? poolKey(uid, serverId) : `${uid}:`);
}
