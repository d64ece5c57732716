import { eq } from "drizzle-orm";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as importPOST } from "@/app/api/servers/import/route";
import { POST as previewPOST } from "@/app/api/servers/import/preview/route";
import { db } from "@/lib/db";
import { activityEvents, servers } from "@/lib/db/schema";
import { workbenchPool } from "@/lib/upstream/pool";
import { BUNDLED, startLocalRegistry, type LocalRegistry } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startAuthProxy, startEverything, startHttpServer, type AuthProxy, type RunningServer } from "../support/mcp-server";
import { leftoverCgroups } from "../support/sandbox";
import { signedIn, type Session } from "../support/sign-in";

/**
 * A server.json of the MCP Registry imported as a person imports it: pasted or given by its URL,
 * its options (a remote behind a bearer token, an npm package) previewed with the values each asks
 * for, then one created with the values typed: the remote reached with its header filled in, the
 * package installed (from a registry on 127.0.0.1) and run in the sandbox with its variable.
 */

const TOKEN = "registry-import-token-4321";
const SECRET = "registry-import-env-8765";

let registry: LocalRegistry;
let everything: RunningServer;
let proxy: AuthProxy;
let files: RunningServer;

function serverJson() {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    name: "io.github.example/everything",
    title: "Everything",
    description: "The reference server, remote and as a package.",
    version: BUNDLED.version,
    remotes: [
      {
        type: "streamable-http",
        url: "http://127.0.0.1:{port}/mcp",
        variables: { port: { description: "The port it listens on", default: String(proxy.port) } },
        headers: [{ name: "Authorization", value: "Bearer {token}", variables: { token: { description: "Your API token", isSecret: true, isRequired: true } } }],
      },
    ],
    packages: [
      {
        registryType: "npm",
        identifier: BUNDLED.name,
        version: BUNDLED.version,
        transport: { type: "stdio" },
        packageArguments: [{ type: "positional", value: "stdio" }],
        environmentVariables: [{ name: "API_TOKEN", description: "Read by its get-env tool", isSecret: true, isRequired: true }],
      },
      { registryType: "pypi", identifier: "everything-mcp", version: "1.0.0", transport: { type: "stdio" } },
    ],
  };
}

beforeAll(async () => {
  [registry, everything] = await Promise.all([startLocalRegistry(), startEverything("streamableHttp")]);
  process.env.npm_config_registry = registry.url;
  proxy = await startAuthProxy(everything, TOKEN);
  files = await startHttpServer((req, res) => {
    if (req.url !== "/server.json") return void res.writeHead(404).end("not here");
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(serverJson()));
  });
}, 120_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  delete process.env.npm_config_registry;
  await Promise.all([registry?.stop(), proxy?.stop(), everything?.stop(), files?.stop()]);
  expect(leftoverCgroups()).toEqual([]);
});

describeEachDatabase("importing a server.json of the MCP Registry", () => {
  let owner: Session;
  beforeEach(async () => {
    owner = await signedIn("pro");
  });

  const send = (handler: typeof importPOST, path: string, body: Record<string, unknown>) => call(handler, path, { headers: owner.headers, body });
  const stored = async () => (await db()).select({ name: servers.name, url: servers.url }).from(servers).where(eq(servers.ownerUid, owner.uid));

  it("previews each way to run the server with the values it asks for, pasted or read from its URL", async () => {
    const expected = {
      format: "server.json",
      entries: [
        expect.objectContaining({
          key: "remote:0",
          name: "Everything",
          transport: "streamable-http",
          url: "http://127.0.0.1:{port}/mcp",
          headerNames: ["Authorization"],
          action: "create",
          inputs: [
            { id: "url:port", label: "URL: port", description: "The port it listens on", required: true, secret: false, default: String(proxy.port) },
            { id: "header:Authorization:token", label: "Header Authorization: token", description: "Your API token", required: true, secret: true },
          ],
        }),
        expect.objectContaining({
          key: "package:0",
          transport: "stdio",
          url: `npm:${BUNDLED.name}@${BUNDLED.version}`,
          envNames: ["API_TOKEN"],
          action: "create",
          inputs: [{ id: "env:API_TOKEN", label: "Variable API_TOKEN", description: "Read by its get-env tool", required: true, secret: true }],
        }),
        expect.objectContaining({ key: "package:1", action: "skip", kind: "unsupported", reason: "A pypi package: the console runs only npm packages in its sandbox for now." }),
      ],
    };
    const pasted = await send(previewPOST, "/api/servers/import/preview", { text: JSON.stringify(serverJson()) });
    expect(pasted.status).toBe(200);
    expect(pasted.json).toEqual(expected);

    const fetched = await send(previewPOST, "/api/servers/import/preview", { url: `${files.origin}/server.json` });
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(expected);
    expect(await stored()).toEqual([]);
  });

  it("says why a URL gives no file, on the URL field", async () => {
    const missing = await send(previewPOST, "/api/servers/import/preview", { url: `${files.origin}/gone.json` });
    expect(missing.status).toBe(400);
    expect(missing.json.details).toEqual([{ path: "url", message: "It could not be read: it answered HTTP 404." }]);
    const both = await send(previewPOST, "/api/servers/import/preview", { url: `${files.origin}/server.json`, text: "{}" });
    expect(both.json.details).toEqual([{ path: "url", message: "Give the file or its URL, not both." }]);
  });

  it("creates the chosen remote with its URL and header filled in: connected through the token, which is never sent back or recorded", async () => {
    const refused = await send(importPOST, "/api/servers/import", { text: JSON.stringify(serverJson()), choice: "remote:0" });
    expect(refused.status).toBe(400);
    expect(refused.json.details).toEqual([{ path: "values.header:Authorization:token", message: "Enter Header Authorization: token." }]);
    expect(await stored()).toEqual([]);

    const done = await send(importPOST, "/api/servers/import", { url: `${files.origin}/server.json`, choice: "remote:0", values: { "header:Authorization:token": TOKEN } });
    expect(done.status).toBe(201);
    expect(done.json).toEqual({ created: [expect.objectContaining({ name: "Everything", connected: true, status: "up" })], skipped: [] });
    expect(done.text).not.toContain(TOKEN);
    expect(await stored()).toEqual([{ name: "Everything", url: `http://127.0.0.1:${proxy.port}/mcp` }]);
    expect(proxy.requests.some((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, owner.uid));
    expect(events.map((e) => e.summary)).toContain("Imported 1 server from a server.json");
    expect(JSON.stringify(events)).not.toContain(TOKEN);

    // The same file again: the name is taken.
    const again = await send(previewPOST, "/api/servers/import/preview", { text: JSON.stringify(serverJson()) });
    expect(again.json.entries[0]).toMatchObject({ action: "skip", kind: "duplicate" });
  });

  it("creates the chosen package as a stdio server: installed, run in the sandbox with its argument and secret variable", async () => {
    const done = await send(importPOST, "/api/servers/import", { text: JSON.stringify(serverJson()), choice: "package:0", values: { "env:API_TOKEN": SECRET } });
    expect(done.status).toBe(201);
    expect(done.json.created).toEqual([expect.objectContaining({ name: "Everything", connected: true })]);
    expect(done.text).not.toContain(SECRET);
    const id = done.json.created[0].id as string;
    const seen = await call(callPOST, `/api/servers/${id}/call`, { body: { method: "tools/call", params: { name: "get-env", arguments: {} } }, params: { id }, headers: owner.headers });
    expect(JSON.parse(seen.json.result.content[0].text).API_TOKEN).toBe(SECRET);
  });

  it("refuses an option it cannot run, with the reason", async () => {
    const done = await send(importPOST, "/api/servers/import", { text: JSON.stringify(serverJson()), choice: "package:1" });
    expect(done.status).toBe(201);
    expect(done.json).toEqual({ created: [], skipped: [expect.objectContaining({ key: "package:1", kind: "unsupported" })] });
    const unknown = await send(importPOST, "/api/servers/import", { text: JSON.stringify(serverJson()), choice: "remote:7" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.details).toEqual([{ path: "choice", message: "Choose one of the preview's entries." }]);
  });
});
