import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * In local mode the service makes its session secret and encryption key on
 * first start and keeps them in the data folder. Instances that start
 * together on one folder must all end on the same ones, or each refuses what
 * the others signed and sealed; and a file that is no longer the console's
 * is reported, never replaced by new keys.
 */

/** One process of the service's code on `dataDir`: the digest of its secrets, or its error. */
function probe(dataDir: string, startAt = 0): Promise<{ digest?: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["tests/support/run-ts.mjs", "tests/support/local-secrets-probe.ts"],
      {
        // Local mode with no secrets configured; an undefined variable is not passed on.
        env: {
          ...process.env,
          NODE_OPTIONS: "",
          SESSION_SECRET: undefined,
          ENCRYPTION_KEY: undefined,
          FIREBASE_PROJECT_ID: "demo-mcp-console-test",
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          START_AT: String(startAt),
        },
        timeout: 60_000,
      },
      (err: Error | null, stdout: string, stderr: string) => resolve(err ? { error: stderr } : (JSON.parse(stdout) as { digest: string })),
    );
  });
}

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-secrets-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("six instances starting together on an empty data folder end on the same secrets, kept in one file", async () => {
  // All loaded well before the moment they reach for the file together.
  const startAt = Date.now() + 5_000;
  const results = await Promise.all(Array.from({ length: 6 }, () => probe(dataDir, startAt)));
  expect(results.map((r) => r.error)).toEqual(Array(6).fill(undefined));
  expect(new Set(results.map((r) => r.digest)).size).toBe(1);
  expect(fs.readdirSync(dataDir)).toEqual(["local-secrets.json"]);
  expect(fs.statSync(path.join(dataDir, "local-secrets.json")).mode & 0o777).toBe(0o600);
  // And the next start reads them.
  expect((await probe(dataDir)).digest).toBe(results[0].digest);
});

test("a secrets file that is no longer JSON stops the start with what to do, and is left as it was", async () => {
  const file = path.join(dataDir, "local-secrets.json");
  fs.writeFileSync(file, '{"sessionSecret": "cut sho', { mode: 0o600 });
  const result = await probe(dataDir);
  expect(result.error).toContain("local-secrets.json is not the JSON the console wrote: restore it from a backup, or set SESSION_SECRET and ENCRYPTION_KEY");
  expect(fs.readFileSync(file, "utf8")).toBe('{"sessionSecret": "cut sho');
});
