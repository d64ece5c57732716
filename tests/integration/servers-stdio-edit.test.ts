import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { activityEvents, serverEnv, servers } from "@/lib/db/schema";
import { packageFolder } from "@/lib/stdio/cache";
import { BUNDLED, BUNDLES } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signedIn, type Session } from "../support/sign-in";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * `PATCH /api/servers/{id}` of a stdio server: its package version (installed first, as at
 * registration), arguments, env (secrets, updated as a remote server's headers are) and egress.
 * The process is stopped so that the next use runs the new settings, which server-everything's
 * get-env tool shows from inside the sandbox; a refusal changes nothing.
 */

const PACKAGE = { registryType: "npm" as const, identifier: BUNDLED.name, version: BUNDLED.version };
/** The registry's second version of the package, which sets MCP_BUNDLED_VERSION in its environment. */
const NEXT_VERSION = BUNDLES.everythingNext.version;
const TOKEN = "first-token-value-1234";
const ROTATED = "rotated-token-value-5678";
const REGION = "eu-west-region-value";

const stdio = stdioSuite({ bundles: [BUNDLED, BUNDLES.everythingNext] });
const integrityOf = (version: string) => stdio.registry.integrity[`${BUNDLED.name}@${version}`];

describeEachDatabase("servers API: editing a stdio server", () => {
  const owner = ownerSignedIn();
  let serverId: string;

  beforeAll(async () => {
    // Another test file or database may have left the second version installed: this file's upgrade installs it.
    fs.rmSync(packageFolder({ ...PACKAGE, version: NEXT_VERSION }), { recursive: true, force: true });
    const created = await call(createPOST, "/api/servers", {
      headers: owner.headers,
      body: { name: "Editable stdio", transport: "stdio", package: PACKAGE, args: ["stdio"], env: { API_TOKEN: TOKEN, REGION } },
    });
    expect(created.status).toBe(201);
    serverId = created.json.id;
  });

  const patch = (body: unknown, as: Session = owner) => call(serverPATCH, `/api/servers/${serverId}`, { method: "PATCH", params: { id: serverId }, body, headers: as.headers });
  const read = () => call(serverGET, `/api/servers/${serverId}`, { params: { id: serverId }, headers: owner.headers });
  const callTool = (name: string) =>
    call(callPOST, `/api/servers/${serverId}/call`, { body: { method: "tools/call", params: { name, arguments: {} } }, params: { id: serverId }, headers: owner.headers });
  /** The server's environment as it sees it in its sandbox. */
  async function seenEnv(): Promise<Record<string, string>> {
    const seen = await callTool("get-env");
    expect(seen.status).toBe(200);
    return JSON.parse(seen.json.result.content[0].text) as Record<string, string>;
  }
  async function lastUpdate() {
    const [event] = await (await db())
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.targetId, serverId), eq(activityEvents.action, "server.updated")))
      .orderBy(desc(activityEvents.createdAt))
      .limit(1);
    return event;
  }

  it("rotates one variable and keeps another without resending it: the running process is stopped, and the next one sees the new value", async () => {
    expect(await seenEnv()).toMatchObject({ API_TOKEN: TOKEN, REGION });
    expect((await read()).json.process).toMatchObject({ state: "running" });

    // As a remote server's headers: a value sets it, null (or a row without a value) keeps the stored one.
    const rotated = await patch({ env: { API_TOKEN: ROTATED, REGION: null } });
    expect(rotated.status).toBe(200);
    expect(rotated.json).toMatchObject({ stdio: { env: ["API_TOKEN", "REGION"] }, status: "unknown" });
    expect(rotated.text).not.toContain(ROTATED);
    expect(rotated.json.process).toMatchObject({ state: "stopped", lastExit: { reason: "The console stopped the server." } });

    const event = await lastUpdate();
    expect(event.summary).toBe("Updated Editable stdio: env");
    expect(event.metadata).toMatchObject({ changed: ["env"], envNames: { added: [], rotated: ["API_TOKEN"], removed: [] } });
    expect(JSON.stringify(event)).not.toContain(ROTATED);

    expect(await seenEnv()).toMatchObject({ API_TOKEN: ROTATED, REGION });
    const stored = await (await db()).select({ valueEnc: serverEnv.valueEnc }).from(serverEnv).where(eq(serverEnv.serverId, serverId));
    expect(JSON.stringify(stored)).not.toContain(ROTATED);
  });

  it("removes a variable left out, adds one with a value, and changes nothing when every value is kept", async () => {
    const changed = await patch({ env: [{ name: "API_TOKEN" }, { name: "ADDED", value: "added-value" }] });
    expect(changed.status).toBe(200);
    expect(changed.json.stdio.env).toEqual(["ADDED", "API_TOKEN"]);
    expect((await lastUpdate()).metadata).toMatchObject({ envNames: { added: ["ADDED"], rotated: [], removed: ["REGION"] } });
    const environment = await seenEnv();
    expect(environment).toMatchObject({ API_TOKEN: ROTATED, ADDED: "added-value" });
    expect(environment).not.toHaveProperty("REGION");

    // Nothing the user changed: no event, and the process runs on.
    const before = await lastUpdate();
    const kept = await patch({ env: { ADDED: null, API_TOKEN: null } });
    expect(kept.status).toBe(200);
    expect(kept.json.process).toMatchObject({ state: "running" });
    expect((await lastUpdate()).id).toBe(before.id);
  });

  it("runs the new arguments: a wrong one fails with the server's own words, and putting it right starts it at once, without the backoff", async () => {
    const wrong = await patch({ args: ["bogus"] });
    expect(wrong.status).toBe(200);
    expect(wrong.json.stdio.args).toEqual(["bogus"]);
    expect((await lastUpdate()).metadata).toMatchObject({ changed: ["args"], args: 1 });
    const failed = await callTool("echo");
    expect(failed.status).toBe(502);
    expect(failed.json.message).toContain("Unknown transport: bogus");

    const right = await patch({ args: ["stdio"] });
    expect(right.status).toBe(200);
    expect(right.json.process).toMatchObject({ state: "stopped", restartAfter: null });
    expect((await callTool("echo")).status).toBe(200);
  });

  it("opens and closes the server's way out: egress listed gives it the proxy, none takes it away", async () => {
    const opened = await patch({ egress: [{ host: "api.example.com" }, { host: "data.example.org", port: 8443 }] });
    expect(opened.status).toBe(200);
    expect(opened.json.stdio.egress).toEqual([{ host: "api.example.com" }, { host: "data.example.org", port: 8443 }]);
    expect((await lastUpdate()).metadata).toMatchObject({ changed: ["egress"], egress: ["api.example.com", "data.example.org:8443"] });
    expect(await seenEnv()).toMatchObject({ HTTPS_PROXY: "http://127.0.0.1:3128" });

    const closed = await patch({ egress: [] });
    expect(closed.status).toBe(200);
    expect(closed.json.stdio.egress).toEqual([]);
    expect(await seenEnv()).not.toHaveProperty("HTTPS_PROXY");
  });

  it("upgrades to another version: installed first with its integrity recorded, and the new version is what runs", async () => {
    const upgraded = await patch({ package: { version: NEXT_VERSION } });
    expect(upgraded.status).toBe(200);
    expect(upgraded.json).toMatchObject({
      url: `npm:${BUNDLED.name}@${NEXT_VERSION}`,
      stdio: { package: { ...PACKAGE, version: NEXT_VERSION }, integrity: integrityOf(NEXT_VERSION), args: ["stdio"], env: ["ADDED", "API_TOKEN"] },
    });
    expect(integrityOf(NEXT_VERSION)).not.toBe(integrityOf(BUNDLED.version));
    expect(fs.existsSync(path.join(packageFolder({ ...PACKAGE, version: NEXT_VERSION }), "node_modules", BUNDLED.name, "index.js"))).toBe(true);
    expect((await lastUpdate()).metadata).toMatchObject({ changed: ["package"], package: { version: NEXT_VERSION, previousVersion: BUNDLED.version, integrity: integrityOf(NEXT_VERSION) } });

    // The second version sets a variable of its own: this is it running, with the env the server had.
    expect(await seenEnv()).toMatchObject({ MCP_BUNDLED_VERSION: NEXT_VERSION, API_TOKEN: ROTATED });
    const check = await call(checkPOST, `/api/servers/${serverId}/check`, { params: { id: serverId }, headers: owner.headers });
    expect(check.json).toMatchObject({ check: { result: "up" }, status: "up" });
  });

  it("refuses what it cannot apply, saying why, and changes nothing", async () => {
    const before = (await read()).json;
    const refusals: [unknown, number, string | RegExp, unknown?][] = [
      [
        { package: { version: "9.9.9" } },
        400,
        new RegExp(`^npm:${BUNDLED.name}@9\\.9\\.9 cannot be installed: `),
        [{ path: "package.version", message: expect.stringContaining("No matching version found") }],
      ],
      [{ package: { version: "^1.0.0" } }, 400, "Some fields are not valid.", [{ path: "package.version", message: "Give an exact version (e.g. 1.2.3): what was installed is what runs, so no ranges or tags." }]],
      [
        { package: { identifier: "another-server", version: NEXT_VERSION } },
        400,
        `This server runs npm:${BUNDLED.name}@${NEXT_VERSION}: only its version can change. Another package is another server: add it as one.`,
        [{ path: "package.identifier", message: `Its package is ${BUNDLED.name}; only its version can change.` }],
      ],
      [
        { package: { registryType: "pypi", identifier: BUNDLED.name, version: NEXT_VERSION } },
        400,
        `This server runs npm:${BUNDLED.name}@${NEXT_VERSION}: its registry cannot change. A package of another registry is another server: add it as one.`,
      ],
      [{ env: { PATH: "/evil" } }, 400, "Some fields are not valid.", [{ path: "env.0.name", message: "PATH, HOME and TMPDIR are set by the sandbox." }]],
      [{ env: [{ name: "API_TOKEN" }, { name: "NEW_ONE" }] }, 400, "Some fields are not valid.", [{ path: "env.1.value", message: "Enter a value for this new variable." }]],
      [{ env: [{ name: "A", value: "1" }, { name: "A", value: "2" }] }, 400, "Some fields are not valid.", [{ path: "env.1.name", message: "This variable is already listed." }]],
      [{ egress: [{ host: "*.example.com" }] }, 400, "Some fields are not valid.", [{ path: "egress.0.host", message: "List each host: wildcards are not supported." }]],
      [
        { url: "https://example.com/mcp", env: { API_TOKEN: "would-leak" } },
        400,
        "A stdio server has no URL or headers, and its transport cannot be changed: change its package version, args, env or egress instead, or add a remote server.",
      ],
    ];
    for (const [body, status, message, details] of refusals) {
      const refused = await patch(body);
      expect({ body, status: refused.status }).toEqual({ body, status });
      if (typeof message === "string") expect(refused.json.message).toBe(message);
      else expect(refused.json.message).toMatch(message);
      if (details) expect(refused.json.details).toEqual(details);
    }
    // Another user's server is not found, whatever the change.
    const stranger = await signedIn("pro");
    expect((await patch({ env: { API_TOKEN: "stolen" } }, stranger)).status).toBe(404);

    const after = (await read()).json;
    expect({ ...after, process: null, lastCheck: null, lastCheckAt: null, latencyMs: null }).toEqual({ ...before, process: null, lastCheck: null, lastCheckAt: null, latencyMs: null });
    expect(await seenEnv()).toMatchObject({ API_TOKEN: ROTATED, ADDED: "added-value", MCP_BUNDLED_VERSION: NEXT_VERSION });
    const [row] = await (await db()).select({ stdio: servers.stdio }).from(servers).where(eq(servers.id, serverId));
    expect(row.stdio?.package.version).toBe(NEXT_VERSION);
  });

  it("refuses a stdio server's fields on a remote server", async () => {
    const remote = await call(createPOST, "/api/servers", { headers: owner.headers, body: { name: "Remote one", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
    expect(remote.status).toBe(201);
    const refused = await call(serverPATCH, `/api/servers/${remote.json.id}`, { method: "PATCH", params: { id: remote.json.id }, body: { env: { API_TOKEN: "x" } }, headers: owner.headers });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("A remote server has no package, args, env or egress: those are a stdio server's. Change its URL and headers instead.");
  });
});
