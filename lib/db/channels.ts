import "server-only";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import { log } from "../log";
import { processSingleton } from "../process-singleton";
import { DatabaseUnavailableError, type Database } from "./database";

/**
 * Messages between the instances of the service that share one PostgreSQL,
 * for what must reach the instance holding a live connection: NOTIFY to
 * publish, and one client of the process's own that LISTENs (a pooled
 * connection is lent to other queries). The embedded PGlite serves one
 * process, so there a message goes straight to this process's listeners.
 * A payload is small (PostgreSQL takes under 8,000 bytes): ids, not data.
 */
export interface Channels {
  publish(channel: string, payload: string): Promise<void>;
  /** Hears each payload on `channel` until the returned function is called; resolves once listening. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => void>;
}

class InProcessChannels implements Channels {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: string) {
    this.emitter.emit(channel, payload);
  }

  async listen(channel: string, handler: (payload: string) => void) {
    this.emitter.on(channel, handler);
    return () => void this.emitter.off(channel, handler);
  }
}

/** A lost LISTEN connection is opened again after this pause; what was published meanwhile is not heard. */
const RECONNECT_MS = 1_000;

class PostgresChannels implements Channels {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();
  private client: Promise<Client> | undefined;
  /** The database was closed (shutdown, the end of a test): nothing to listen again to. */
  private closed = false;

  constructor(private readonly database: Database & { connectListener: () => Promise<Client | undefined> }) {}

  async publish(channel: string, payload: string) {
    await this.database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  async listen(channel: string, handler: (payload: string) => void) {
    this.emitter.on(channel, handler);
    try {
      const client = await this.connect();
      // Channels are few and live as long as the process: LISTEN once, never UNLISTEN.
      if (!this.channels.has(channel)) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        this.channels.add(channel);
      }
    } catch (err) {
      this.emitter.off(channel, handler);
      throw err;
    }
    return () => void this.emitter.off(channel, handler);
  }

  private connect(): Promise<Client> {
    if (!this.client) {
      const opening = this.open();
      this.client = opening;
      opening.catch(() => {
        if (this.client === opening) this.client = undefined;
      });
    }
    return this.client;
  }

  private async open(): Promise<Client> {
    const client = await this.database.connectListener();
    if (!client) {
      this.closed = true;
      throw new DatabaseUnavailableError("The database is closed.");
    }
    let gone = false;
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      this.client = undefined;
      client.end().catch(() => {});
      if (this.closed) return;
      log.warn("database notifications lost; listening again", { err });
      setTimeout(() => void this.relisten(), RECONNECT_MS).unref?.();
    };
    client.on("notification", (n) => this.emitter.emit(n.channel, n.payload ?? ""));
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      gone = true;
      client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  private async relisten() {
    await this.connect().catch(() => {
      if (!this.closed) setTimeout(() => void this.relisten(), RECONNECT_MS).unref?.();
    });
  }
}

/** The channels of `database`: NOTIFY on PostgreSQL, in-process on PGlite. */
export function channelsOf(database: Database): Channels {
  const all = processSingleton("database-channels", () => new WeakMap<Database, Channels>());
  let channels = all.get(database);
  if (!channels) {
    const { connectListener } = database;
    channels = connectListener ? new PostgresChannels({ ...database, connectListener }) : new InProcessChannels();
    all.set(database, channels);
  }
  return channels;
}
