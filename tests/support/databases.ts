import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { openDatabase, type Database } from "@/lib/db/client";
import { useDatabase } from "@/lib/db";

/**
 * The databases every integration test runs against: the embedded PGlite
 * always, and PostgreSQL when TEST_DATABASE_URL is set (each suite gets a
 * fresh database there, dropped afterwards).
 */
export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

async function freshPostgres(adminUrl: string): Promise<Database> {
  const name = `mcp_console_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const again = new Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export const TEST_DATABASES: TestDatabase[] = [
  { name: "pglite", open: () => openDatabase({ dataDir: null }) },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres" as const, open: () => freshPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];

/**
 * Runs `suite` once per test database, with that database installed as the
 * process's for the code under test.
 */
export function describeEachDatabase(title: string, suite: (ctx: { handle: () => Database }) => void) {
  describe.each(TEST_DATABASES)(`${title} [$name]`, (testDb) => {
    let handle: Database;
    beforeAll(async () => {
      handle = await testDb.open();
      useDatabase(handle);
    });
    afterAll(async () => {
      useDatabase(undefined);
      await handle?.close();
    });
    suite({ handle: () => handle });
  });
}
