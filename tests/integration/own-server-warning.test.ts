import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { OWN_SERVER, ownServerWarnings } from "@/lib/http/own-server";

/**
 * Production is started with `npm start`: a process that scripts/server.mjs
 * did not start (a bare `next start`) says at start that clients choose the
 * address their rate limits count.
 */
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "../..");

async function start(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "own-server-"));
  try {
    const child = spawn(process.execPath, [path.join(ROOT, "tests/support/run-ts.mjs"), path.join(ROOT, "tests/support/start-only.ts")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console-test",
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099",
        DATA_DIR: dataDir,
        MONITOR_SCHEDULER: "false",
        LOG_LEVEL: "warn",
      } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect({ code, started: output.includes('{"started":true}') }).toEqual({ code: 0, started: true });
    return output;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("production is started with npm start", () => {
  it("warns at start when the process is not behind scripts/server.mjs", async () => {
    expect(await start()).toMatch(/not started with `npm start` \(scripts\/server\.mjs\)/);
  });

  it("says nothing of it behind scripts/server.mjs, or outside production", () => {
    const global = globalThis as Record<symbol, unknown>;
    expect(ownServerWarnings({ production: true })).toHaveLength(1);
    expect(ownServerWarnings({ production: false })).toEqual([]);
    global[OWN_SERVER] = true;
    try {
      expect(ownServerWarnings({ production: true })).toEqual([]);
    } finally {
      delete global[OWN_SERVER];
    }
  });

  it("is marked by scripts/server.mjs the way the start-up looks for", () => {
    const source = fs.readFileSync(path.join(ROOT, "scripts/server.mjs"), "utf8");
    expect(source).toContain(`globalThis[Symbol.for("${OWN_SERVER.description}")] = true;`);
  });
});
