import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { McpFailure } from "@/lib/mcp/errors";
import { packageBin } from "@/lib/stdio/package";
import { discover } from "@/lib/upstream/inventory";
import type { McpTarget } from "@/lib/upstream/connection";
import { DEFAULT_LIMITS } from "@/lib/sandbox/spec";
import { GET as healthGET } from "@/app/api/health/route";
import { underHealthPolling } from "../support/health-polling";
import { call } from "../support/http";
import { leftoverCgroups } from "../support/sandbox";

/**
 * The MCP client runtime's stdio transport: a package's bin run in the sandbox (lib/stdio), reached
 * through the same discover() as a remote server. The project's node_modules stand for an
 * installed package's folder, as in the sandbox's own tests.
 */

const EVERYTHING = "@modelcontextprotocol/server-everything";

async function everythingTarget(): Promise<McpTarget> {
  const packageDir = process.cwd();
  return {
    transport: "stdio",
    url: `npm:${EVERYTHING}`,
    headers: {},
    command: { packageDir, bin: await packageBin(packageDir, EVERYTHING), args: ["stdio"], env: {} },
  };
}

/** A package of one program, in a folder laid out as npm installs it. */
function fakePackage(name: string, program: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stdio-upstream-"));
  const folder = path.join(dir, "node_modules", name);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name, version: "1.0.0", bin: { [name]: "main.js" } }));
  fs.writeFileSync(path.join(folder, "main.js"), program);
  return dir;
}

afterAll(() => {
  expect(leftoverCgroups()).toEqual([]);
});

it("discovers server-everything in its stdio mode, run in the sandbox", async () => {
  const found = await discover(await everythingTarget());
  expect(found.serverInfo.name).toContain("everything");
  expect(found.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
  expect(found.prompts.length).toBeGreaterThan(0);
});

it("names the package's program: its bin, relative to node_modules", async () => {
  expect(await packageBin(process.cwd(), EVERYTHING)).toBe(`${EVERYTHING}/dist/index.js`);
  await expect(packageBin(process.cwd(), "not-installed-package")).rejects.toThrow("not-installed-package is not installed");
  await expect(packageBin(process.cwd(), "../escape")).rejects.toThrow("is not an npm package name");
});

it("says why a server that exits at once failed: its exit and last words", async () => {
  const packageDir = fakePackage("exits-at-once", 'console.error("Error: MISSING_TOKEN is not set"); process.exit(3);');
  try {
    const failure = await discover({
      transport: "stdio",
      url: "npm:exits-at-once@1.0.0",
      headers: {},
      command: { packageDir, bin: await packageBin(packageDir, "exits-at-once"), args: [], env: {} },
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(McpFailure);
    expect((failure as McpFailure).message).toBe("The server exited with code 3. Its last words: Error: MISSING_TOKEN is not set");
  } finally {
    fs.rmSync(packageDir, { recursive: true, force: true });
  }
});

it("gives the server its own env, and nothing of the console's", async () => {
  const program = `
    const out = JSON.stringify({ own: process.env.OWN_SETTING, console: process.env.DATABASE_URL ?? null });
    console.error("Error: " + out); process.exit(1);`;
  const packageDir = fakePackage("env-reader", program);
  try {
    const failure = await discover({
      transport: "stdio",
      url: "npm:env-reader@1.0.0",
      headers: {},
      command: { packageDir, bin: await packageBin(packageDir, "env-reader"), args: [], env: { OWN_SETTING: "its value" } },
    }).catch((err: unknown) => err as Error);
    expect((failure as Error).message).toContain('{"own":"its value","console":null}');
  } finally {
    fs.rmSync(packageDir, { recursive: true, force: true });
  }
});

it("stops a server that prints lines that are not MCP messages, and says so, while a neighbour is discovered and the service answers", async () => {
  // What `yes` does, as a package's program: two-byte lines, without end.
  const packageDir = fakePackage("prints-y", 'const lines = "y\\n".repeat(4096); for (;;) process.stdout.write(lines);');
  try {
    // The database opened first: the polling measures the service, not its first start.
    expect((await call(healthGET, "/api/health")).status).toBe(200);
    const target: McpTarget = {
      transport: "stdio",
      url: "npm:prints-y@1.0.0",
      headers: {},
      command: { packageDir, bin: await packageBin(packageDir, "prints-y"), args: [], env: {} },
    };
    const neighbourTarget = await everythingTarget();
    const polled = await underHealthPolling(() => Promise.all([discover(target).catch((err: unknown) => err), discover(neighbourTarget)]));
    console.log(`a server printing "y" lines beside server-everything: ${polled.answers} health answers meanwhile, p50 ${polled.p50.toFixed(1)} ms, p99 ${polled.p99.toFixed(1)} ms, ${polled.held}`);
    const [failure, neighbour] = polled.result;
    expect(failure).toBeInstanceOf(McpFailure);
    expect((failure as McpFailure).message).toBe(
      `The server printed more than ${DEFAULT_LIMITS.strayLines} lines in a row on stdout that are not MCP messages and was stopped. A server's logs belong on stderr.`,
    );
    expect(neighbour.tools.map((tool) => tool.name)).toContain("echo");
    expect([...polled.statuses]).toEqual([200]);
  } finally {
    fs.rmSync(packageDir, { recursive: true, force: true });
  }
});
