import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";
import { processSingleton } from "../process-singleton";

// One handle per process (see processSingleton), so that PGlite's data folder
// is opened exactly once whichever bundle asks.
const holder = processSingleton("database", (): { opening?: Promise<Database> } => ({}));

/** The process's database, opened and migrated on first use. */
export function database(): Promise<Database> {
  if (!holder.opening) {
    const e = env();
    const opening = openDatabase({ url: e.databaseUrl, dataDir: e.dataDir });
    // A failed open is retried by the next caller rather than cached forever.
    opening.catch(() => {
      if (holder.opening === opening) delete holder.opening;
    });
    holder.opening = opening;
  }
  return holder.opening;
}

/** Installs an already opened database as the process's (tests). */
export function useDatabase(db: Database | undefined): void {
  if (db) holder.opening = Promise.resolve(db);
  else delete holder.opening;
}

export async function db() {
  return (await database()).db;
}
