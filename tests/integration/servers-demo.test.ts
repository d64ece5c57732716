import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as demoPOST } from "@/app/api/auth/demo/route";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { DEMO_VISITS_PER_ADDRESS_PER_HOUR } from "@/lib/auth/demo";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { incidents, monitorChecks, scanFindings, servers, statusPages, users, workbenchCalls } from "@/lib/db/schema";
import { DEMO_ACCOUNT_TTL_MS, eraseExpiredDemoAccounts } from "@/lib/demo/expiry";
import { env } from "@/lib/env";
import { publicStatusPage } from "@/lib/status-pages/public";
import { clientAddress } from "../support/client-address";
import { describeEachDatabase } from "../support/databases";
import { emulatorUrl } from "../support/emulator";
import { call } from "../support/http";
import { freePort, startHttpServer } from "../support/mcp-server";

/**
 * The demo: the MCP server that scripts/server.mjs runs (scripts/lib/demo-mcp-server.mjs,
 * started here the same way) and the demo accounts that own it, in local mode
 * and in a deployment that turns them on.
 */

const ROOT = path.resolve(__dirname, "../..");
const OPERATOR_PATH = [path.join(os.homedir(), ".operator-tools/bin"), path.join(ROOT, "node_modules/.bin"), path.dirname(process.execPath), process.env.PATH].join(path.delimiter);
let port: number;
let demo: ChildProcess;

function portAnswers(host: string, p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: p });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

beforeAll(async () => {
  port = await freePort();
  // The run script's own start-up code, in a child process as `npm start` would run it.
  // Stopped by a signal, the script exits as scripts/server.mjs does, which stops the demo server with it.
  const script = `process.once("SIGTERM", () => process.exit(143)); import("./scripts/lib/demo-mcp-server.mjs").then((m) => m.startDemoMcpServer({ port: ${port} })).then(() => console.log("ready"));`;
  demo = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    // The operator's PATH, with a tool folder of theirs and this install's node_modules/.bin (as npm scripts have it).
    env: { ...process.env, SESSION_SECRET: "a-secret-the-demo-server-must-not-see-0123456789", PATH: OPERATOR_PATH },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    demo.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    demo.once("exit", (code) => reject(new Error(`demo server script exited with ${code}`)));
  });
  env().demoMcpPort = port;
}, 40_000);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (demo.exitCode !== null) return resolve();
    demo.once("exit", () => resolve());
    demo.kill("SIGTERM");
  });
});

describe("the demo MCP server", () => {
  it("runs with a clean environment: the system's PATH, PORT and its fetch allow-list; nothing names this machine's folders", async () => {
    const client = new Client({ name: "demo-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      const result = await client.callTool({ name: "get-env", arguments: {} });
      const text = (result.content as { type: string; text: string }[])[0].text;
      const seen = JSON.parse(text) as Record<string, string>;
      expect(Object.keys(seen).sort()).toEqual(["GZIP_ALLOWED_DOMAINS", "PATH", "PORT"]);
      expect(seen.PATH).toBe("/usr/bin:/bin");
      // Not the operator's tool folders nor the install folder.
      for (const folder of [".operator-tools", ROOT]) expect(text).not.toContain(folder);
    } finally {
      await client.close();
    }
  });

  it("fetches no URL for its callers: the outbound policy cannot be bypassed through it", async () => {
    const target = await startHttpServer((_req, res) => res.end("an internal service"));
    const client = new Client({ name: "demo-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      for (const data of [`${target.origin}/`, "http://169.254.169.254/latest/meta-data/", "https://example.com/"]) {
        const answer = await client.callTool({ name: "gzip-file-as-resource", arguments: { name: "x.gz", data, outputType: "resource" } }).catch((err: Error) => ({ isError: true, content: [{ type: "text", text: err.message }] }));
        expect(answer.isError).toBe(true);
        expect(JSON.stringify(answer.content)).toContain("is not in the allowed domains list");
      }
    } finally {
      await client.close();
      await target.stop();
    }
  });

  it("listens on loopback only", async () => {
    expect(await portAnswers("127.0.0.1", port)).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === "IPv4" && !a.internal)
      .map((a) => a!.address);
    for (const address of external) expect(await portAnswers(address, port)).toBe(false);
  });
});

/** Signs in with the demo's custom token as the browser does; the visitor's uid and email come from the provider. */
async function signInAsVisitor(token: string): Promise<{ idToken: string; uid: string; email: string }> {
  const res = await fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(JSON.stringify(json));
  const claims = JSON.parse(Buffer.from(String(json.idToken).split(".")[1], "base64url").toString("utf8")) as { user_id: string; email: string };
  return { idToken: json.idToken, uid: claims.user_id, email: claims.email };
}

async function visit(ip = clientAddress()) {
  const res = await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { "x-forwarded-for": ip } });
  expect(res.status).toBe(200);
  const visitor = await signInAsVisitor(res.json.token);
  const session = await call(sessionPOST, "/api/auth/session", { body: { idToken: visitor.idToken, uid: visitor.uid, email: visitor.email, displayName: "Demo visitor", photoURL: null } });
  expect(session.status).toBe(200);
  return { ...visitor, serverId: res.json.serverId as string, headers: { authorization: `Bearer ${visitor.idToken}` }, user: session.json.user };
}

describeEachDatabase("POST /api/auth/demo", () => {
  it("signs each visitor in to an account of their own, on Pro, owning the local server with two weeks of history", async () => {
    const visitor = await visit();
    expect(visitor.uid).toMatch(/^demo-visitor-[0-9a-f]{12}$/);
    expect(visitor.user).toMatchObject({ uid: visitor.uid, email: visitor.email, emailVerified: true });
    const [row] = await (await db()).select().from(users).where(eq(users.uid, visitor.uid));
    expect(row.subscriptionPlan).toBe("pro");

    const list = await call(listGET, "/api/servers", { headers: visitor.headers });
    expect(list.json.servers).toEqual([
      expect.objectContaining({ name: "Everything (demo)", url: `http://127.0.0.1:${port}/mcp`, status: "up", counts: { tools: 17, resources: 7, prompts: 4 } }),
    ]);
    const serverId = list.json.servers[0].id as string;
    expect(visitor.serverId).toBe(serverId);
    // The history is older than the discovery made at save, which stays the server's last check on every screen.
    expect(list.json.servers[0].lastCheck).toMatchObject({ trigger: "discovery", result: "up" });
    expect(Date.now() - Date.parse(list.json.servers[0].lastCheckAt)).toBeLessThan(10 * 60_000);
    const d = await db();
    const checks = await d.select({ result: monitorChecks.result }).from(monitorChecks).where(eq(monitorChecks.serverId, serverId));
    expect(checks.length).toBeGreaterThan(13 * 24);
    expect(checks.filter((c) => c.result === "failed").length).toBe(7);
    const outages = await d.select().from(incidents).where(eq(incidents.serverId, serverId));
    expect(outages).toHaveLength(3);
    expect(outages.every((i) => i.closedAt && i.openedNotifiedAt && i.closedNotifiedAt)).toBe(true);
    const findings = await d.select({ ruleId: scanFindings.ruleId }).from(scanFindings).where(eq(scanFindings.serverId, serverId));
    expect(findings.map((f) => f.ruleId)).toContain("rug-pull");
    expect(await d.select().from(statusPages).where(eq(statusPages.ownerUid, visitor.uid))).toHaveLength(1);
    const [page] = await d.select({ slug: statusPages.slug }).from(statusPages).where(eq(statusPages.ownerUid, visitor.uid));
    const shown = await publicStatusPage(page.slug);
    expect(shown?.pastMaintenance.map((m) => m.note)).toEqual(["Moved the server to a new host."]);
    expect(shown?.maintenance.map((m) => m.note)).toEqual(["Certificate renewal."]);
    expect(await d.select().from(workbenchCalls).where(eq(workbenchCalls.userUid, visitor.uid))).toHaveLength(4);
  });

  it("gives the next visitor a new account, with nothing of the last one's", async () => {
    const first = await visit();
    const second = await visit();
    expect(second.uid).not.toBe(first.uid);
    const [mine] = (await call(listGET, "/api/servers", { headers: first.headers })).json.servers as { id: string }[];
    const theirs = (await call(listGET, "/api/servers", { headers: second.headers })).json.servers as { id: string }[];
    expect(theirs.map((s) => s.id)).not.toContain(mine.id);
  });

  it("erases a visitor's account with everything in it after a day", async () => {
    const visitor = await visit();
    const d = await db();
    expect(await eraseExpiredDemoAccounts()).toBe(0);
    await d.update(users).set({ createdAt: new Date(Date.now() - DEMO_ACCOUNT_TTL_MS - 60_000) }).where(eq(users.uid, visitor.uid));
    expect(await eraseExpiredDemoAccounts()).toBeGreaterThanOrEqual(1);
    expect(await d.select().from(users).where(eq(users.uid, visitor.uid))).toEqual([]);
    expect(await d.select().from(servers).where(eq(servers.ownerUid, visitor.uid))).toEqual([]);
  });

  it("refuses a request from another site", async () => {
    const res = await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(403);
  });

  it("does not exist where demo accounts are off", async () => {
    const e = env();
    e.demoAccounts = false;
    try {
      const res = await call(demoPOST, "/api/auth/demo", { method: "POST" });
      expect(res.status).toBe(404);
    } finally {
      e.demoAccounts = true;
    }
  });

  it(`starts ${DEMO_VISITS_PER_ADDRESS_PER_HOUR} demo accounts an hour from one address, then says why it refuses`, async () => {
    const ip = clientAddress();
    for (let i = 0; i < DEMO_VISITS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { "x-forwarded-for": ip } })).status).toBe(200);
    }
    const refused = await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { "x-forwarded-for": ip } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.message).toBe(`Your address has started ${DEMO_VISITS_PER_ADDRESS_PER_HOUR} demo accounts in the last hour. Try again later, or create a free account.`);
    // Another visitor is not held up by it.
    await visit();
  }, 120_000);

  describe("in a deployment that turns demo accounts on", () => {
    // A real deployment's mode (not local), with the secrets it must have: its outbound policy is
    // public-only but for the demo's port.
    const local = { ...env() };
    beforeEach(() => {
      Object.assign(env(), { localMode: false, sessionSecret: "a-deployment-session-secret-0123456789", encryptionKey: Buffer.alloc(32, 7).toString("base64") });
    });
    afterEach(() => {
      Object.assign(env(), { localMode: local.localMode, sessionSecret: local.sessionSecret, encryptionKey: local.encryptionKey });
    });

    it("seeds the visitor's server on the loopback demo server, and refuses other addresses that are not public", async () => {
      const visitor = await visit();
      const list = await call(listGET, "/api/servers", { headers: visitor.headers });
      expect(list.json.servers).toEqual([expect.objectContaining({ id: visitor.serverId, url: `http://127.0.0.1:${port}/mcp`, status: "up" })]);

      const other = await freePort();
      for (const url of [`http://127.0.0.1:${other}/mcp`, `http://localhost:${port}/mcp`, "http://10.0.0.8/mcp"]) {
        const res = await call(createPOST, "/api/servers", {
          headers: visitor.headers,
          body: { name: `Elsewhere ${url}`, transport: "streamable-http", url, headers: [] },
        });
        expect(res.status).toBe(400);
        expect(res.json.message).toMatch(/not allowed|does not connect to private networks/);
      }
    });
  });
});
