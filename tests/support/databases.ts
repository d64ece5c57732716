import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { createPostgresDatabase } from "./postgres";

export { createPostgresDatabase };

/**
 * The databases every integration test runs against: the embedded PGlite
 * always, and PostgreSQL when TEST_DATABASE_URL is set (each suite gets a
 * fresh database on both, removed afterwards).
 */
export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

/**
 * A new PGlite starts by creating its cluster (initdb), which costs seconds of
 * CPU; the migrations cost far less. So the first suite that needs PGlite makes
 * a migrated data folder once, and every suite's database opens a copy of it.
 * The folder is named by what it is made of (PGlite's version and the
 * migrations), so a changed migration makes a new one; it is moved into place
 * whole, so that two workers starting together each find a complete one.
 */
function templateDir(): string {
  const root = process.cwd();
  const migrations = path.join(root, "lib/db/migrations");
  const hash = createHash("sha256").update(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  for (const file of (fs.readdirSync(migrations, { recursive: true }) as string[]).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `mcp-console-pglite-template-${hash.digest("hex").slice(0, 16)}`);
}

let template: Promise<string> | undefined;

function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = templateDir();
    if (fs.existsSync(dir)) return dir;
    const building = fs.mkdtempSync(`${dir}-building-`);
    await (await openDatabase({ dataDir: building })).close();
    try {
      fs.renameSync(building, dir);
    } catch {
      // Another worker moved its own in first.
      fs.rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
}

/** A fresh embedded database: a copy of the migrated template, in a folder removed when it closes. */
async function freshPglite(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-pglite-"));
  fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
  const handle = await openDatabase({ dataDir: dir });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
  { name: "pglite", open: freshPglite },
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

/**
 * Runs `suite` on the embedded database only: for suites whose subject is
 * not the database (how the upstream engine meets a hostile server), where a
 * second run would only repeat the same waits.
 */
export function describeOnOneDatabase(title: string, suite: (ctx: { handle: () => Database }) => void) {
  let handle: Database;
  describe(title, () => {
    beforeAll(async () => {
      handle = await TEST_DATABASES[0].open();
      useDatabase(handle);
    });
    afterAll(async () => {
      useDatabase(undefined);
      await handle?.close();
    });
    suite({ handle: () => handle });
  });
}
