import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as demoPOST } from "@/app/api/auth/demo/route";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { GET as activityGET } from "@/app/api/activity/route";
import { GET as gatewaysGET, POST as gatewaysPOST } from "@/app/api/gateways/route";
import { POST as maintenancePOST } from "@/app/api/maintenance/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as updatePOST } from "@/app/api/servers/[id]/incidents/[incidentId]/updates/route";
import { PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as importPOST } from "@/app/api/servers/import/route";
import { POST as importPreviewPOST } from "@/app/api/servers/import/preview/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { POST as testPOST } from "@/app/api/servers/test/route";
import { PATCH as pagePATCH } from "@/app/api/status-pages/[id]/route";
import { GET as pagesGET, POST as pagesPOST } from "@/app/api/status-pages/route";
import { POST as alertTestPOST } from "@/app/api/user/alerts/test/route";
import { GET as settingsGET, PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { POST as tokensPOST } from "@/app/api/user/tokens/route";
import { accountChannels } from "@/lib/alerts/channels/routing";
import { loadOwner } from "@/lib/alerts/recipients";
import { DEMO_VISITS_PER_ADDRESS_PER_HOUR, DEMO_VISITS_PER_HOUR, demoServerUrl } from "@/lib/auth/demo";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { incidents, monitorChecks, rateLimits, scanFindings, servers, statusPages, users, workbenchCalls } from "@/lib/db/schema";
import { DEMO_PLAN } from "@/lib/plans/demo";
import { PLANS } from "@/lib/plans/table";
import { DEMO_ACCOUNT_TTL_MS, eraseExpiredDemoAccounts } from "@/lib/demo/expiry";
import { env } from "@/lib/env";
import { publicStatusPage } from "@/lib/status-pages/public";
import { clientAddress, clientNetwork } from "../support/client-address";
import { describeEachDatabase } from "../support/databases";
import { emulatorUrl } from "../support/emulator";
import { call } from "../support/http";
import { freePort, startEverything, startHttpServer, type RunningServer } from "../support/mcp-server";
import { signedIn } from "../support/sign-in";
import { startEarlyInWindow } from "../support/fixed-window";

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

const DEMO_REFUSAL = /^Demo accounts are open to anyone without signing up, so .+ [Cc]reate a free account/;

/** A refusal of what a demo account may not do: 403 demo_account, saying why and that a free account does it. */
function expectDemoRefusal(res: { status: number; json: { error?: string; message?: string } }) {
  expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: "demo_account" });
  expect(res.json.message).toMatch(DEMO_REFUSAL);
}

describeEachDatabase("a demo account", () => {
  let other: RunningServer;
  beforeAll(async () => {
    other = await startEverything("streamableHttp");
  });
  afterAll(async () => {
    await other.stop();
  });

  it("uses the demo server only: a copy more of it, but no other server by any route, nor the demo's moved elsewhere", async () => {
    const visitor = await visit();
    const as = { headers: visitor.headers };
    const elsewhere = `${other.origin}/mcp`;
    const serverBody = (name: string, url: string) => ({ name, transport: "streamable-http", url, headers: [] });

    expectDemoRefusal(await call(createPOST, "/api/servers", { ...as, body: serverBody("Mine", elsewhere) }));
    expectDemoRefusal(await call(testPOST, "/api/servers/test", { ...as, body: { transport: "streamable-http", url: elsewhere, headers: [] } }));
    const file = JSON.stringify({ mcpServers: { mine: { url: elsewhere } } });
    expectDemoRefusal(await call(importPreviewPOST, "/api/servers/import/preview", { ...as, body: { text: file } }));
    expectDemoRefusal(await call(importPOST, "/api/servers/import", { ...as, body: { text: file } }));
    const params = { id: visitor.serverId };
    expectDemoRefusal(await call(serverPATCH, `/api/servers/${visitor.serverId}`, { ...as, params, body: { url: elsewhere } }));
    // Its name is on the demo's public status page.
    expectDemoRefusal(await call(serverPATCH, `/api/servers/${visitor.serverId}`, { ...as, params, body: { name: "Anything at all" } }));
    expect((await call(serverPATCH, `/api/servers/${visitor.serverId}`, { ...as, params, body: { description: "Mine to describe." } })).status).toBe(200);

    const again = await call(createPOST, "/api/servers", { ...as, body: { ...serverBody("Everything again", demoServerUrl()), monitoring: { enabled: true, intervalSec: DEMO_PLAN.minCheckIntervalSec } } });
    expect(again.status).toBe(201);
    const full = await call(createPOST, "/api/servers", { ...as, body: { ...serverBody("Everything thrice", demoServerUrl()), monitoring: { enabled: true, intervalSec: DEMO_PLAN.minCheckIntervalSec } } });
    expectDemoRefusal(full);
    const list = (await call(listGET, "/api/servers", as)).json.servers as { url: string }[];
    expect(list.map((s) => s.url)).toEqual([demoServerUrl(), demoServerUrl()]);
  });

  it("sends no alerts: no webhook, no email, no test event, and none from an account that had them on", async () => {
    const visitor = await visit();
    const as = { headers: visitor.headers };
    expectDemoRefusal(await call(settingsPATCH, "/api/user/settings", { ...as, body: { webhookUrl: "https://hooks.example/mcp-console" } }));
    expectDemoRefusal(await call(settingsPATCH, "/api/user/settings", { ...as, body: { emailAlerts: true } }));
    expect((await call(settingsPATCH, "/api/user/settings", { ...as, body: { emailAlerts: false } })).status).toBe(200);
    const settings = (await call(settingsGET, "/api/user/settings", as)).json;
    expect(settings.notifications).toMatchObject({ emailAlerts: false, webhookUrl: null });
    expectDemoRefusal(await call(alertTestPOST, "/api/user/alerts/test", { ...as, method: "POST" }));

    // An account made before demo accounts were refused alerts, with a webhook set: its incidents alert nobody.
    const d = await db();
    const pro = await signedIn("pro");
    for (const uid of [visitor.uid, pro.uid]) await d.update(users).set({ emailAlerts: true, webhookUrl: "https://hooks.example/mcp-console" }).where(eq(users.uid, uid));
    const channelsOf = async (uid: string) => (await accountChannels(d, (await loadOwner(d, uid))!)).map((c) => c.channel);
    expect(await channelsOf(visitor.uid)).toEqual([]);
    expect(await channelsOf(pro.uid)).toContain("webhook");
  });

  it("publishes nothing of its own: no new status page, no change to the demo's page but taking it down, no incident update, no maintenance note", async () => {
    const visitor = await visit();
    const as = { headers: visitor.headers };
    expectDemoRefusal(await call(pagesPOST, "/api/status-pages", { ...as, body: { slug: `mine-${visitor.uid.slice(-6)}`, title: "Mine", serverIds: [visitor.serverId] } }));
    const [page] = (await call(pagesGET, "/api/status-pages", as)).json.statusPages as { id: string; slug: string }[];
    const pageParams = { id: page.id };
    for (const body of [{ title: "Anything at all" }, { slug: `mine-${visitor.uid.slice(-6)}` }, { showUrls: true }]) {
      expectDemoRefusal(await call(pagePATCH, `/api/status-pages/${page.id}`, { ...as, params: pageParams, body }));
    }
    expect(await publicStatusPage(page.slug)).toMatchObject({ title: "Demo status" });
    expect((await call(pagePATCH, `/api/status-pages/${page.id}`, { ...as, params: pageParams, body: { published: false } })).status).toBe(200);
    expect(await publicStatusPage(page.slug)).toBeNull();
    expectDemoRefusal(await call(pagePATCH, `/api/status-pages/${page.id}`, { ...as, params: pageParams, body: { published: true } }));
    expect(await publicStatusPage(page.slug)).toBeNull();

    const [incident] = await (await db()).select({ id: incidents.id }).from(incidents).where(eq(incidents.serverId, visitor.serverId)).limit(1);
    const updates = `/api/servers/${visitor.serverId}/incidents/${incident.id}/updates`;
    expectDemoRefusal(await call(updatePOST, updates, { ...as, params: { id: visitor.serverId, incidentId: incident.id }, body: { body: "Anything at all" } }));

    const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
    const window = { startsAt: new Date(hour).toISOString(), endsAt: new Date(hour + 3_600_000).toISOString(), serverIds: [visitor.serverId] };
    expectDemoRefusal(await call(maintenancePOST, "/api/maintenance", { ...as, body: { ...window, note: "Anything at all" } }));
    expect((await call(maintenancePOST, "/api/maintenance", { ...as, body: window })).status).toBe(201);
  });

  it("makes gateways of the demo server and Gateways tokens that end with the account, but no read or write token", async () => {
    const visitor = await visit();
    const as = { headers: visitor.headers };
    for (const scope of ["read", "write"]) expectDemoRefusal(await call(tokensPOST, "/api/user/tokens", { ...as, body: { name: `A ${scope} token`, scope } }));

    const gateway = await call(gatewaysPOST, "/api/gateways", { ...as, body: { name: "Demo agents", servers: [{ serverId: visitor.serverId, prefix: "demo" }] } });
    expect(gateway.status).toBe(201);
    const [account] = await (await db()).select({ endsAt: users.subscriptionExpiresAt }).from(users).where(eq(users.uid, visitor.uid));
    for (const extra of [{}, { expiresInDays: 365 }, { gatewayId: gateway.json.id as string }]) {
      const token = await call(tokensPOST, "/api/user/tokens", { ...as, body: { name: `Agent ${JSON.stringify(extra)}`, scope: "gateway", ...extra } });
      expect(token.status).toBe(201);
      expect(token.json.tokenInfo.expiresAt).toBe(account.endsAt!.toISOString());
    }
  });

  it("has the workbench calls a visit needs, not Pro's", async () => {
    const visitor = await visit();
    const as = { headers: visitor.headers };
    const usage = (await call(settingsGET, "/api/user/settings", as)).json.usage;
    expect(usage.workbenchCallsToday.limit).toBe(DEMO_PLAN.workbenchCallsPerDay);
    expect(DEMO_PLAN.workbenchCallsPerDay).toBeLessThan(PLANS.pro.workbenchCallsPerDay);
    const ping = () => call(callPOST, `/api/servers/${visitor.serverId}/call`, { ...as, params: { id: visitor.serverId }, body: { method: "ping" } });
    expect((await ping()).status).toBe(200);
    // The day's calls, spent.
    await (await db()).update(rateLimits).set({ count: DEMO_PLAN.workbenchCallsPerDay }).where(eq(rateLimits.key, `workbench-calls:${visitor.uid}`));
    const refused = await ping();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toContain(`all ${DEMO_PLAN.workbenchCallsPerDay} workbench calls`);
  });
});

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

  it("shows a gateway of the demo server with the changed tool in quarantine, waiting for approval", async () => {
    const visitor = await visit();
    const list = await call(gatewaysGET, "/api/gateways", { headers: visitor.headers });
    expect(list.status).toBe(200);
    expect(list.json.gateways).toEqual([
      expect.objectContaining({ name: "Demo gateway", servers: [expect.objectContaining({ serverId: visitor.serverId })], held: expect.objectContaining({ quarantined: 1 }) }),
    ]);
  });

  it("logs the history at the times it happened: each outage when it opened and closed, the server before them, not all in one second", async () => {
    const visitor = await visit();
    const log = await call(activityGET, "/api/activity?limit=100", { headers: visitor.headers });
    expect(log.status).toBe(200);
    const events = log.json.events as { action: string; createdAt: string }[];
    const at = (action: string) => events.filter((e) => e.action === action).map((e) => Date.parse(e.createdAt)).sort((a, b) => a - b);
    const outages = await (await db()).select().from(incidents).where(eq(incidents.serverId, visitor.serverId));
    expect(at("monitor.down")).toEqual(outages.map((i) => i.openedAt.getTime()).sort((a, b) => a - b));
    expect(at("monitor.recovered")).toEqual(outages.map((i) => i.closedAt!.getTime()).sort((a, b) => a - b));
    const firstOutage = Math.min(...at("monitor.down"));
    // Saving the server (added, discovered, first scanned) came before any of it.
    for (const action of ["server.created", "server.discovered"]) expect(Math.max(...at(action))).toBeLessThan(firstOutage);
    expect(Math.min(...at("scan.completed"))).toBeLessThan(firstOutage);
    expect(new Set(events.map((e) => e.createdAt)).size).toBeGreaterThan(6);
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

  it(`starts ${DEMO_VISITS_PER_ADDRESS_PER_HOUR} demo accounts an hour from one address (an IPv6 client's whole /64), a small share of all visits, then says why it refuses`, async () => {
    expect(DEMO_VISITS_PER_ADDRESS_PER_HOUR * 10).toBeLessThanOrEqual(DEMO_VISITS_PER_HOUR);
    // The hour's window is a fixed one: in its last two minutes, the visits below could straddle two.
    await startEarlyInWindow(3600, 3_480_000);
    // Each visit from another address of the same /64, as a client picks them at will.
    const network = clientNetwork();
    for (let i = 1; i <= DEMO_VISITS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { "x-forwarded-for": network(i) } })).status).toBe(200);
    }
    const refused = await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { "x-forwarded-for": network(0xffff) } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.message).toBe(`Your address has started ${DEMO_VISITS_PER_ADDRESS_PER_HOUR} demo accounts in the last hour. Try again later, or create a free account.`);
    // Another visitor, from the next /64, is not held up by it: the shared hourly cap has room left.
    await visit(clientNetwork()(1));
  }, 300_000);

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

    it("seeds the visitor's server on the loopback demo server, and refuses other addresses that are not public to every account", async () => {
      const visitor = await visit();
      const list = await call(listGET, "/api/servers", { headers: visitor.headers });
      expect(list.json.servers).toEqual([expect.objectContaining({ id: visitor.serverId, url: `http://127.0.0.1:${port}/mcp`, status: "up" })]);

      const ordinary = await signedIn("pro");
      const other = await freePort();
      for (const url of [`http://127.0.0.1:${other}/mcp`, `http://localhost:${port}/mcp`, "http://10.0.0.8/mcp"]) {
        const body = { name: `Elsewhere ${url}`, transport: "streamable-http", url, headers: [] };
        // The visitor is refused any server but the demo's; any other account, by the outbound policy.
        expectDemoRefusal(await call(createPOST, "/api/servers", { headers: visitor.headers, body }));
        const res = await call(createPOST, "/api/servers", { headers: ordinary.headers, body });
        expect(res.status).toBe(400);
        expect(res.json.message).toMatch(/not allowed|does not connect to private networks/);
      }
    });
  });
});
