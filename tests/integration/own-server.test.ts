import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertOwnServer, OWN_SERVER } from "@/lib/http/own-server";

/**
 * Production is started with `npm start`: a process that scripts/server.mjs
 * did not start (a bare `next start`) would answer 404 on the gateways'
 * endpoints and their OAuth paths, so it refuses to start and says how.
 */
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "../..");

async function start(): Promise<{ code: number | null; output: string }> {
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
    return { code, output };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("production is started with npm start", () => {
  it("refuses to start, naming the command to use, when the process is not behind scripts/server.mjs", async () => {
    const { code, output } = await start();
    expect(code).toBe(1);
    expect(output).toMatch(/MCP Console cannot start\.\nStart MCP Console with `npm start` \(node scripts\/server\.mjs\), not `next start`/);
    expect(output).not.toContain('{"started":true}');
  });

  it("starts behind scripts/server.mjs, and outside production", () => {
    const global = globalThis as Record<symbol, unknown>;
    expect(() => assertOwnServer({ production: true })).toThrow(/npm start/);
    expect(() => assertOwnServer({ production: false })).not.toThrow();
    global[OWN_SERVER] = true;
    try {
      expect(() => assertOwnServer({ production: true })).not.toThrow();
    } finally {
      delete global[OWN_SERVER];
    }
  });

  it("is marked by scripts/server.mjs the way the start-up looks for", () => {
    const source = fs.readFileSync(path.join(ROOT, "scripts/server.mjs"), "utf8");
    expect(source).toContain(`globalThis[Symbol.for("${OWN_SERVER.description}")] = true;`);
  });
});
