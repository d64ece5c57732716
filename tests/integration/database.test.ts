import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DatabaseUnavailableError, openDatabase } from "@/lib/db/database";
import { DataDirLockedError, lockDataDir } from "@/lib/db/lock";
import { hit } from "@/lib/rate-limit/service";
import { describeEachDatabase } from "../support/databases";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-db-"));

describeEachDatabase("migrations", ({ handle }) => {
  it("creates every table of the schema", async () => {
    const rows = await handle().db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["activity_events", "rate_limits", "users"]));
  });

  it("records the applied migration once", async () => {
    const rows = await handle().db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const n = (rows as unknown as { rows: { n: number }[] }).rows[0].n;
    const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), "lib/db/migrations/meta/_journal.json"), "utf8"));
    expect(n).toBe(journal.entries.length);
  });

  it("counts rate-limit hits per window and starts again in the next one", async () => {
    const t0 = new Date("2026-01-01T00:00:10Z");
    expect((await hit("test:a", 2, 60, t0)).allowed).toBe(true);
    expect((await hit("test:a", 2, 60, t0)).allowed).toBe(true);
    const third = await hit("test:a", 2, 60, t0);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSec).toBe(50);
    const nextWindow = await hit("test:a", 2, 60, new Date("2026-01-01T00:01:05Z"));
    expect(nextWindow).toMatchObject({ allowed: true, count: 1 });
  });
});

describe("embedded database (PGlite data folder)", () => {
  it("keeps data across restarts and re-applies no migration", async () => {
    const dir = tmp();
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`insert into users (uid, email, display_name) values ('u1', 'a@example.com', 'A')`);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.execute(sql`select email from users where uid = 'u1'`);
    expect((rows as unknown as { rows: { email: string }[] }).rows).toEqual([{ email: "a@example.com" }]);
    await second.close();
  });

  it("refuses a data folder held by another live process, naming it", async () => {
    const dir = tmp();
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another process \\(pid ${other.pid}\\)`));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another process/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = tmp();
    const gone = spawn(process.execPath, ["-e", "0"]);
    await new Promise((r) => gone.on("exit", r));
    fs.writeFileSync(path.join(dir, "pglite.lock"), String(gone.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").split(" ")[0]).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  it("refuses a data folder locked by another live process of the service", async () => {
    const dir = tmp();
    const script = path.join(tmp(), "hold-lock.ts");
    fs.writeFileSync(script, `import { lockDataDir } from "@/lib/db/lock";\nlockDataDir(${JSON.stringify(dir)});\nconsole.log("locked");\nsetInterval(() => {}, 1000);\n`);
    const other = spawn(process.execPath, [path.join(process.cwd(), "tests/support/run-ts.mjs"), script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve) => other.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve()));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another process \\(pid ${other.pid}\\)`));
    } finally {
      other.kill();
    }
  });

  // After a kill -9 and a restart (of a container, say) the dead holder's pid is often taken again.
  it("takes over a lock whose pid now belongs to another process, started later", async () => {
    const dir = tmp();
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    try {
      // Started one clock tick after boot: not the process that runs under that pid now.
      fs.writeFileSync(path.join(dir, "pglite.lock"), `${other.pid} 1`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").split(" ")[0]).toBe(String(process.pid));
      release();
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left under its own pid by an earlier process, and releases it", async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${process.pid} 1`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).not.toBe(`${process.pid} 1`);
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });
});

describe("PostgreSQL that cannot be reached", () => {
  it("fails with a clear message that hides the password", async () => {
    const attempt = openDatabase({ url: "postgres://app:s3cret@127.0.0.1:1/nowhere" });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/Cannot reach PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/nowhere/);
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });
});
