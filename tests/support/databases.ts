import { openDatabase, type Database } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { createPostgresDatabase } from "./postgres";

export { createPostgresDatabase };

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
  const created = await createPostgresDatabase(adminUrl);
  const handle = await openDatabase({ url: created.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
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
