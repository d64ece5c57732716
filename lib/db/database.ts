import path from "node:path";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Client as PgClient } from "pg";
import { causeChain, causeCodes } from "../errors/cause-chain";
import * as schema from "./schema";
import { lockDataDir } from "./lock";
import { timeQueries } from "../metrics/database";
import { statementPerTurn } from "./pglite-turns";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * A connection of its own, outside the pool, for LISTEN (a pooled one is
   * handed to other queries between uses); PostgreSQL only. Undefined once
   * the database was closed, which ends its listeners too.
   */
  connectListener?: () => Promise<PgClient | undefined>;
  /** Round-trips a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** SQLSTATEs of a server that cannot serve: class 08 (connection exception), 57P01-57P03 (shutting down, starting up). */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
/**
 * Socket failures. The same codes come from outgoing HTTP calls (wrapped in
 * fetch's own error), so they count only as node-postgres throws them:
 * bare when the pool cannot connect, or inside Drizzle's query error.
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// node-postgres reports a connection lost mid-query, or not made within
// connectionTimeoutMillis, by message only, without a code.
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `err` means the database could not be reached (as opposed to a
 * query it refused). The pool drops the broken connection, so the same
 * request can succeed once the database is back.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  // Duck-typed: a socket's error is made by Node itself, in another realm than the code under test may run in.
  let fromDriver = true;
  for (const link of causeChain(err)) {
    if (typeof link !== "object") return false;
    const e = link as { code?: unknown; message?: unknown };
    if (e instanceof DatabaseUnavailableError) return true;
    if (typeof e.code === "string" && (UNREACHABLE_SQLSTATE.test(e.code) || (fromDriver && SOCKET_CODES.has(e.code)))) return true;
    if (fromDriver && typeof e.message === "string" && UNREACHABLE_MESSAGES.test(e.message)) return true;
    fromDriver = e instanceof DrizzleQueryError;
  }
  return false;
}

/** A unique index refused the write (SQLSTATE 23505), wherever the driver wrapped the database's error. */
export const isUniqueViolation = (err: unknown): boolean => causeCodes(err).includes("23505");

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");

/** A PostgreSQL URL with its password removed, for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

export interface OpenOptions {
  /** postgres:// URL; when absent, the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; `null` keeps the database in memory (tests). */
  dataDir?: string | null;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const handle = opts.url ? await openPostgres(opts.url) : await openPglite(opts.dataDir ?? null);
  try {
    await migrateDatabase(handle);
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  return handle;
}

async function openPostgres(url: string): Promise<Database> {
  const { Client, Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client's network error must not crash the process.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(
      `Cannot reach PostgreSQL at ${describeUrl(url)}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const db = drizzle(timeQueries(pool), { schema }) as unknown as Db;
  let closed = false;
  const listeners = new Set<PgClient>();
  return {
    db,
    kind: "postgres",
    connectListener: async () => {
      if (closed) return undefined;
      const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      listeners.add(client);
      client.once("end", () => listeners.delete(client));
      return client;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  let client;
  if (dataDir) {
    const dir = path.resolve(dataDir);
    release = lockDataDir(dir);
    try {
      client = await PGlite.create(path.join(dir, "pglite"));
    } catch (err) {
      release();
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${dir}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzle(statementPerTurn(timeQueries(client)), { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      if (client.closed) throw new DatabaseUnavailableError("The embedded database is closed");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

async function migrateDatabase(handle: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS };
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, config);
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, config);
  }
}
