import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";

// Route handlers, the proxy and instrumentation can be bundled apart, each
// with its own copy of this module: the process-wide handle lives on
// globalThis so that PGlite's data folder is opened exactly once.
const KEY = Symbol.for("mcp-console.database");
type Holder = { [KEY]?: Promise<Database> };
const holder = globalThis as Holder;

/** The process's database, opened and migrated on first use. */
export function database(): Promise<Database> {
  if (!holder[KEY]) {
    const e = env();
    const opening = openDatabase({ url: e.databaseUrl, dataDir: e.dataDir });
    // A failed open is retried by the next caller rather than cached forever.
    opening.catch(() => {
      if (holder[KEY] === opening) delete holder[KEY];
    });
    holder[KEY] = opening;
  }
  return holder[KEY];
}

/** Installs an already opened database as the process's (tests). */
export function useDatabase(db: Database | undefined): void {
  if (db) holder[KEY] = Promise.resolve(db);
  else delete holder[KEY];
}

export async function db() {
  return (await database()).db;
}
