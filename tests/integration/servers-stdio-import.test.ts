import { eq } from "drizzle-orm";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as importPOST } from "@/app/api/servers/import/route";
import { POST as previewPOST } from "@/app/api/servers/import/preview/route";
import { GET as exportGET } from "@/app/api/servers/export/route";
import { POST as testPOST } from "@/app/api/servers/test/route";
import { db } from "@/lib/db";
import { activityEvents, servers } from "@/lib/db/schema";
import { BUNDLED } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * Stdio servers added as a person adds them: "Test connection" of a package before saving it, and
 * the `mcpServers` import, whose `npx` entries of a pinned npm package become stdio servers
 * (installed from a registry on 127.0.0.1 that serves one package bundling server-everything)
 * while every other command is listed with the reason it is skipped.
 */

const PACKAGE = { registryType: "npm" as const, identifier: BUNDLED.name, version: BUNDLED.version };
const SPEC = `${BUNDLED.name}@${BUNDLED.version}`;
const SECRET = "import-secret-value-5678";

stdioSuite();

describeEachDatabase("adding stdio servers: the connection test and the mcpServers import", () => {
  const owner = ownerSignedIn();

  const send = (handler: typeof importPOST, path: string, doc: unknown) => call(handler, path, { headers: owner.headers, body: { text: JSON.stringify(doc) } });
  const stored = async (uid: string) => (await db()).select({ name: servers.name }).from(servers).where(eq(servers.ownerUid, uid));

  it("tests a package before saving it: installed, run in the sandbox, its env given to it, nothing stored", async () => {
    const tested = await call(testPOST, "/api/servers/test", { headers: owner.headers, body: { transport: "stdio", package: PACKAGE, args: ["stdio"], env: { API_TOKEN: SECRET } } });
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({ ok: true, serverInfo: { name: expect.stringContaining("everything") } });
    expect(tested.json.counts.tools).toBeGreaterThan(0);
    expect(tested.text).not.toContain(SECRET);
    expect(await stored(owner.uid)).toEqual([]);
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, owner.uid));
    expect(events.map((e) => e.summary)).toContainEqual(expect.stringMatching(new RegExp(`^Tested npm:${BUNDLED.name}@${BUNDLED.version}: `)));
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it("says why a package cannot be tested: not installable, or a version that is not exact", async () => {
    const missing = await call(testPOST, "/api/servers/test", {
      headers: owner.headers,
      body: { transport: "stdio", package: { registryType: "npm", identifier: "mcp-not-published-anywhere", version: "1.0.0" } },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/^npm:mcp-not-published-anywhere@1\.0\.0 cannot be installed: 404 Not Found/);

    const range = await call(testPOST, "/api/servers/test", { headers: owner.headers, body: { transport: "stdio", package: { ...PACKAGE, version: "latest" } } });
    expect(range.status).toBe(400);
    expect(range.json.details).toEqual([{ path: "package.version", message: "Give an exact version (e.g. 1.2.3): what was installed is what runs, so no ranges or tags." }]);
  });

  it("imports npx entries as stdio servers, pinning a package without an exact version to the registry's newest, and lists every other command with its reason", async () => {
    const doc = {
      mcpServers: {
        everything: { command: "npx", args: ["-y", SPEC, "stdio"], env: { API_TOKEN: SECRET } },
        newest: { command: "npx", args: ["-y", BUNDLED.name, "stdio"] },
        unpinned: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
        tagged: { type: "stdio", command: "npx", args: ["@modelcontextprotocol/server-memory@latest"] },
        python: { command: "uvx", args: ["mcp-server-time"] },
        container: { command: "docker", args: ["run", "-i", "--rm", "mcp/fetch"] },
        script: { command: "/usr/local/bin/my-server", args: [] },
        keyed: { command: "npx", args: ["-y", SPEC], env: { API_TOKEN: "${env:API_TOKEN}" } },
        reserved: { command: "npx", args: ["-y", SPEC], env: { PATH: "/evil" } },
      },
    };
    const preview = await send(previewPOST, "/api/servers/import/preview", doc);
    expect(preview.status).toBe(200);
    expect(preview.json.entries).toEqual([
      { name: "everything", transport: "stdio", url: `npm:${SPEC}`, headerNames: [], envNames: ["API_TOKEN"], action: "create" },
      {
        name: "newest",
        transport: "stdio",
        url: `npm:${SPEC}`,
        headerNames: [],
        envNames: [],
        action: "create",
        note: `Pinned to ${BUNDLED.version}: the file asks for no version, and that is the registry's newest match today.`,
      },
      // Packages the registry (here, one that serves a single package) does not have: npm's reason.
      expect.objectContaining({
        name: "unpinned",
        action: "skip",
        kind: "unpinned",
        reason: expect.stringMatching(/^The file asks for no version of @modelcontextprotocol\/server-filesystem, and the registry could not tell which version that is: 404 Not Found/),
      }),
      expect.objectContaining({
        name: "tagged",
        kind: "unpinned",
        reason: expect.stringMatching(/^The file asks for "latest" of @modelcontextprotocol\/server-memory, and the registry could not tell which version that is: 404 Not Found/),
      }),
      expect.objectContaining({ name: "python", kind: "unsupported", reason: "It runs a Python package (uvx): the console runs only npm packages (npx) in its sandbox for now." }),
      expect.objectContaining({ name: "container", kind: "unsupported", reason: "It runs a Docker image: the console runs only npm packages (npx) in its sandbox for now." }),
      expect.objectContaining({ name: "script", kind: "unsupported", reason: 'It runs the command "my-server": the console runs only npm packages (npx) in its sandbox for now.' }),
      expect.objectContaining({ name: "keyed", kind: "placeholder", reason: "The API_TOKEN variable is a placeholder (${env:API_TOKEN}): put its value in the file first." }),
      expect.objectContaining({ name: "reserved", kind: "invalid", reason: "env.PATH: PATH, HOME and TMPDIR are set by the sandbox." }),
    ]);
    expect(preview.text).not.toContain(SECRET);
    expect(await stored(owner.uid)).toEqual([]);

    const done = await send(importPOST, "/api/servers/import", doc);
    expect(done.status).toBe(201);
    expect(done.json.created).toEqual([
      expect.objectContaining({ name: "everything", connected: true, status: "up" }),
      expect.objectContaining({ name: "newest", connected: true, status: "up" }),
    ]);
    expect(done.json.skipped.map((s: { name: string }) => s.name)).toEqual(["unpinned", "tagged", "python", "container", "script", "keyed", "reserved"]);
    expect(done.text).not.toContain(SECRET);

    // The imported server runs with its env, and exports as the same npx entry (its secret a placeholder).
    const id = done.json.created[0].id as string;
    const seen = await call(callPOST, `/api/servers/${id}/call`, { body: { method: "tools/call", params: { name: "get-env", arguments: {} } }, params: { id }, headers: owner.headers });
    expect(JSON.parse(seen.json.result.content[0].text).API_TOKEN).toBe(SECRET);
    const exported = await call(exportGET, "/api/servers/export", { headers: owner.headers });
    expect(exported.json.mcpServers.everything).toEqual({ command: "npx", args: ["-y", SPEC, "stdio"], env: { API_TOKEN: "${API_TOKEN}" } });

    // The exported file imports again as a duplicate by name, not as a second server.
    const again = await send(previewPOST, "/api/servers/import/preview", { mcpServers: { everything: doc.mcpServers.everything } });
    expect(again.json.entries).toEqual([expect.objectContaining({ name: "everything", action: "skip", kind: "duplicate" })]);
  });

  it("skips a package npm cannot install with npm's reason, and creates the rest", async () => {
    const doc = {
      mcpServers: {
        missing: { command: "npx", args: ["-y", "mcp-not-published-anywhere@1.0.0"] },
        second: { command: "npx", args: ["-y", SPEC, "stdio"] },
      },
    };
    const done = await send(importPOST, "/api/servers/import", doc);
    expect(done.status).toBe(201);
    expect(done.json.created).toEqual([expect.objectContaining({ name: "second", connected: true })]);
    expect(done.json.skipped).toEqual([
      expect.objectContaining({ name: "missing", kind: "install_failed", reason: expect.stringMatching(/^npm:mcp-not-published-anywhere@1\.0\.0 cannot be installed: 404 Not Found/) }),
    ]);
  });
});
