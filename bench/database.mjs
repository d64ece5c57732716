// The console's database opened by a benchmark itself, migrated, to seed rows
// straight into it or read results out: the PostgreSQL database of
// `databaseUrl`, or else the embedded PGlite in `dataDir` (PGlite allows one
// process: seed it before the service starts, read it after it stops).
import path from "node:path";

/** The database as a function running SQL with parameters, and `close`. */
export async function openSql({ root, databaseUrl, dataDir }) {
  const migrationsFolder = path.join(root, "lib/db/migrations");
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await migrate(drizzle(pool), { migrationsFolder });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  await migrate(drizzle(client), { migrationsFolder });
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.close() };
}
