import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { createGateway, gatewayToken, serveGateways, type Endpoint } from "../support/gateway";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn } from "../support/sign-in";

/**
 * A gateway used by a client the project did not write: the MCP Inspector's
 * command-line client (`@modelcontextprotocol/inspector`), run as a person
 * runs it, against the endpoint served by the service's own route handlers
 * in front of server-everything. It prints what it got as JSON.
 */

const ROOT = path.resolve(__dirname, "../..");
const INSPECTOR = path.join(ROOT, "node_modules/.bin/mcp-inspector");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let everything: RunningServer;
let endpoint: Endpoint;
let home: string;
beforeAll(async () => {
  [everything, endpoint] = await Promise.all([startEverything("streamableHttp"), serveGateways()]);
  // The Inspector keeps its catalog under HOME.
  home = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-inspector-"));
});
afterAll(async () => {
  await Promise.all([everything.stop(), endpoint.stop()]);
  fs.rmSync(home, { recursive: true, force: true });
});

function inspector(url: string, token: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", url, "--transport", "http", "--header", `Authorization: Bearer ${token}`, ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: home } as unknown as NodeJS.ProcessEnv, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** What the Inspector printed, parsed; a failed run fails the test with what it said. */
async function printed<T>(run: Promise<Run>): Promise<T> {
  const { code, stdout, stderr } = await run;
  if (code !== 0) throw new Error(`mcp-inspector exited with ${code}: ${stdout}${stderr}`);
  return JSON.parse(stdout) as T;
}

describeEachDatabase("a gateway used by the MCP Inspector's CLI", () => {
  let url: string;
  let token: string;

  beforeAll(async () => {
    const owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Inspector", servers: [{ serverId: created.json.id, prefix: "everything" }] });
    url = endpoint.url(gateway.slug);
    token = await gatewayToken(owner);
  });

  it("lists the gateway's tools and calls one, as JSON", async () => {
    const run = (args: string[]) => inspector(url, token, args);
    const [listed, echoed] = await Promise.all([
      printed<{ tools: { name: string; inputSchema: unknown }[] }>(run(["--method", "tools/list"])),
      printed<{ content: { type: string; text: string }[] }>(run(["--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=hi"])),
    ]);
    const names = listed.tools.map((t) => t.name);
    expect(names).toContain("everything__echo");
    expect(names.every((n) => n.startsWith("everything__"))).toBe(true);
    expect(echoed.content).toEqual([{ type: "text", text: "Echo: hi" }]);
  });

  it("reads a resource and gets a prompt, as JSON", async () => {
    const run = (args: string[]) => inspector(url, token, args);
    const [{ resources }, prompt] = await Promise.all([
      printed<{ resources: { uri: string; name: string }[] }>(run(["--method", "resources/list"])),
      printed<{ messages: { role: string; content: { type: string; text: string } }[] }>(run(["--method", "prompts/get", "--prompt-name", "everything__simple-prompt"])),
    ]);
    const document = resources.find((r) => r.uri.endsWith("/architecture.md"));
    expect(document).toBeDefined();
    const read = await printed<{ contents: { uri: string; text?: string }[] }>(run(["--method", "resources/read", "--uri", document!.uri]));
    expect(read.contents[0].uri).toBe(document!.uri);
    expect(read.contents[0].text?.length).toBeGreaterThan(0);
    expect(prompt.messages[0]).toMatchObject({ role: "user", content: { type: "text" } });
    expect(prompt.messages[0].content.text).toMatch(/simple prompt/i);
  });

  it("is refused without a valid token, and the Inspector shows the gateway's reason", async () => {
    // Without --stored-auth-only the Inspector would start an interactive OAuth sign-in on the 401.
    const refused = await inspector(url, "mcpc_not-a-token", ["--method", "tools/list", "--stored-auth-only"]);
    expect(refused.code).not.toBe(0);
    const { error } = JSON.parse(refused.stderr) as { error: { code: string; message: string } };
    expect(error.code).toBe("auth_required");
    expect(error.message).toContain("This API token is not valid: it was revoked or never existed.");
  });
});
