import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as scanPOST } from "@/app/api/servers/[id]/scan/route";
import { GET as exportGET } from "@/app/api/servers/export/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { serverEnv, servers } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { packageFolder } from "@/lib/stdio/cache";
import { sweepPackages } from "@/lib/servers/stdio-sweep";
import { workbenchPool } from "@/lib/upstream/pool";
import { BUNDLED } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * `POST /api/servers` with transport "stdio": an npm package installed at registration (from a
 * registry on 127.0.0.1 serving one package that bundles server-everything: no internet), run in
 * the sandbox, its env stored encrypted and never returned.
 */

const PACKAGE = { registryType: "npm" as const, identifier: BUNDLED.name, version: BUNDLED.version };
const SECRET = "stdio-secret-value-1234";

const stdio = stdioSuite();

describeEachDatabase("servers API: stdio servers", () => {
  const owner = ownerSignedIn();
  const integrity = () => stdio.registry.integrity[BUNDLED.name];

  const create = (body: Record<string, unknown>) => call(createPOST, "/api/servers", { body, headers: owner.headers });
  let serverId: string;
  const named = async (name: string) => (await (await db()).select({ id: servers.id }).from(servers).where(eq(servers.name, name))).length;

  it("installs the pinned package at registration and runs it: discovered in the sandbox, its env kept secret", async () => {
    const asked = stdio.registry.requests.length;
    const created = await create({ name: "Everything stdio", transport: "stdio", package: PACKAGE, args: ["stdio"], env: { API_TOKEN: SECRET } });
    expect(created.status).toBe(201);
    serverId = created.json.id;
    expect(created.json).toMatchObject({
      transport: "stdio",
      url: `npm:${BUNDLED.name}@${BUNDLED.version}`,
      stdio: { package: PACKAGE, integrity: integrity(), args: ["stdio"], env: ["API_TOKEN"] },
      headers: [],
      status: "up",
      lastCheck: { trigger: "discovery", result: "up" },
      serverInfo: { name: expect.stringContaining("everything") },
    });
    expect(created.json.counts.tools).toBeGreaterThan(0);
    expect(created.text).not.toContain(SECRET);
    // Installed once, in a folder of its own, with nothing fetched but the package itself.
    expect(fs.existsSync(path.join(packageFolder(PACKAGE), "node_modules", BUNDLED.name, "index.js"))).toBe(true);
    expect(stdio.registry.requests.slice(asked).filter((request) => request !== `/${BUNDLED.name}` && request !== stdio.registry.tarballPath(BUNDLED.name))).toEqual([]);

    const [stored] = await (await db()).select({ valueEnc: serverEnv.valueEnc }).from(serverEnv).where(eq(serverEnv.serverId, created.json.id));
    expect(stored.valueEnc).not.toContain(SECRET);

    const listed = await call(listGET, "/api/servers?q=Everything%20stdio", { headers: owner.headers });
    expect(listed.json.servers).toEqual([expect.objectContaining({ transport: "stdio", stdio: { package: PACKAGE, integrity: integrity(), args: ["stdio"], env: ["API_TOKEN"], egress: [] } })]);
    expect(listed.text).not.toContain(SECRET);

    const exported = await call(exportGET, "/api/servers/export", { headers: owner.headers });
    expect(exported.json.mcpServers["Everything stdio"]).toEqual({ command: "npx", args: ["-y", `${BUNDLED.name}@${BUNDLED.version}`, "stdio"], env: { API_TOKEN: "${API_TOKEN}" } });
  });

  it("is called from the workbench, checked and scanned like a remote server, its env given to it alone", async () => {
    const echo = await call(callPOST, `/api/servers/${serverId}/call`, {
      body: { method: "tools/call", params: { name: "echo", arguments: { message: "from the workbench" } } },
      params: { id: serverId },
      headers: owner.headers,
    });
    expect(echo.status).toBe(200);
    expect(echo.json.result.content).toEqual([{ type: "text", text: "Echo: from the workbench" }]);

    // server-everything's get-env answers with its whole environment: its own variable in clear, nothing of the console's.
    const seen = await call(callPOST, `/api/servers/${serverId}/call`, {
      body: { method: "tools/call", params: { name: "get-env", arguments: {} } },
      params: { id: serverId },
      headers: owner.headers,
    });
    expect(seen.status).toBe(200);
    const environment = JSON.parse(seen.json.result.content[0].text) as Record<string, string>;
    expect(environment.API_TOKEN).toBe(SECRET);
    expect(Object.keys(environment).sort()).toEqual(["API_TOKEN", "HOME", "PATH", "PWD", "TMPDIR"]);

    const check = await call(checkPOST, `/api/servers/${serverId}/check`, { params: { id: serverId }, headers: owner.headers });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ check: { result: "up", trigger: "manual" }, status: "up" });

    const moved = await call(serverPATCH, `/api/servers/${serverId}`, { params: { id: serverId }, method: "PATCH", body: { transport: "sse", url: "https://example.com/sse" }, headers: owner.headers });
    expect(moved.status).toBe(400);
    expect(moved.json.message).toBe("A stdio server has no URL or headers, and its transport cannot be changed: change its package version, args, env or egress instead, or add a remote server.");
    const renamed = await call(serverPATCH, `/api/servers/${serverId}`, { params: { id: serverId }, method: "PATCH", body: { description: "runs in the sandbox" }, headers: owner.headers });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ transport: "stdio", description: "runs in the sandbox", stdio: { env: ["API_TOKEN"] } });

    const scan = await call(scanPOST, `/api/servers/${serverId}/scan`, { params: { id: serverId }, headers: owner.headers });
    expect(scan.status).toBe(200);
    expect(scan.json.refreshError ?? null).toBeNull();
  });

  it("runs on an instance that has not installed it, installing the registered version first, and never runs contents other than those registered", async () => {
    const echo = () =>
      call(callPOST, `/api/servers/${serverId}/call`, {
        body: { method: "tools/call", params: { name: "echo", arguments: { message: "installed here" } } },
        params: { id: serverId },
        headers: owner.headers,
      });
    // As on a second instance, whose data folder has not the package: the first call installs it, then runs it.
    await workbenchPool().closeAll();
    fs.rmSync(packageFolder(PACKAGE), { recursive: true, force: true });
    const installed = await echo();
    expect(installed.status).toBe(200);
    expect(installed.json.result.content).toEqual([{ type: "text", text: "Echo: installed here" }]);
    expect(fs.existsSync(path.join(packageFolder(PACKAGE), "node_modules", BUNDLED.name, "index.js"))).toBe(true);

    // An install whose integrity is not the one recorded at registration does not run: the check says why.
    await workbenchPool().closeAll();
    const marker = path.join(packageFolder(PACKAGE), "installed.json");
    const kept = fs.readFileSync(marker, "utf8");
    fs.writeFileSync(marker, JSON.stringify({ ...JSON.parse(kept), integrity: "sha512-c29tZXRoaW5nIGVsc2U=" }));
    try {
      const check = await call(checkPOST, `/api/servers/${serverId}/check`, { params: { id: serverId }, headers: owner.headers });
      expect(check.status).toBe(200);
      expect(check.json.check).toMatchObject({ result: "failed", failureKind: "unreachable" });
      expect(check.json.check.reason).toBe(
        `npm:${BUNDLED.name}@${BUNDLED.version} is not what was registered: npm's integrity of its tarball is sha512-c29tZXRoaW5nIGVsc2U=, and was ${integrity()} at registration. The console runs only the package it installed and checked; add the server again to accept what the registry serves now.`,
      );
    } finally {
      fs.writeFileSync(marker, kept);
    }
    // A start that failed is tried again after its backoff (a second at first): then it runs.
    const until = Date.now() + 15_000;
    let again = await echo();
    while (again.status !== 200 && Date.now() < until) {
      expect(again.json.message).toMatch(/is not what was registered.*The console starts it again on the next use after \d+ seconds?\./);
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await echo();
    }
    expect(again.json.result.content).toEqual([{ type: "text", text: "Echo: installed here" }]);
  });

  it("removes from the instance's cache, after an hour, the packages no server runs and the installs left half done; keeps the ones in use", async () => {
    const root = path.join(env().dataDir, "packages");
    const unused = path.join(root, "@someone", "unused-server@2.0.0");
    const young = path.join(root, "just-installed@1.0.0");
    const staging = `${packageFolder(PACKAGE)}.installing-0b7e2c1a-6f1d-4a8e-9d3c-5e2f1a0b7c6d`;
    for (const folder of [unused, young, staging]) fs.mkdirSync(path.join(folder, "node_modules"), { recursive: true });
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const folder of [unused, staging, packageFolder(PACKAGE)]) fs.utimesSync(folder, hoursAgo, hoursAgo);

    expect((await sweepPackages()).sort()).toEqual([unused, staging].sort());
    expect(fs.existsSync(unused)).toBe(false);
    expect(fs.existsSync(staging)).toBe(false);
    // Installed within the hour (a registration may be about to store its server), and in use: kept.
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(path.join(packageFolder(PACKAGE), "node_modules", BUNDLED.name, "index.js"))).toBe(true);
    fs.rmSync(young, { recursive: true });
  });

  it("runs a server with egress behind the console's proxy: its hosts returned, the proxy in its environment", async () => {
    const egress = [{ host: "api.example.com" }, { host: "127.0.0.1", port: 4112 }];
    const created = await create({ name: "Everything egress", transport: "stdio", package: PACKAGE, args: ["stdio"], egress });
    expect(created.status).toBe(201);
    expect(created.json.stdio).toEqual({ package: PACKAGE, integrity: integrity(), args: ["stdio"], env: [], egress });
    const seen = await call(callPOST, `/api/servers/${created.json.id}/call`, {
      body: { method: "tools/call", params: { name: "get-env", arguments: {} } },
      params: { id: created.json.id },
      headers: owner.headers,
    });
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.json.result.content[0].text)).toMatchObject({
      HTTPS_PROXY: "http://127.0.0.1:3128",
      HTTP_PROXY: "http://127.0.0.1:3128",
      NO_PROXY: "",
      NODE_OPTIONS: "--import /egress/lib/preload.mjs",
    });
  });

  it("refuses other registries, version ranges and the sandbox's own variables, storing nothing", async () => {
    const pypi = await create({ name: "Pypi", transport: "stdio", package: { registryType: "pypi", identifier: "mcp-server-time", version: "1.0.0" } });
    expect(pypi.status).toBe(400);
    expect(pypi.json.details).toEqual([
      { path: "package.registryType", message: "Only npm packages can run as stdio servers for now: pypi, oci, nuget and mcpb packages are not supported yet." },
    ]);

    const range = await create({ name: "Range", transport: "stdio", package: { ...PACKAGE, version: "^1.0.0" } });
    expect(range.status).toBe(400);
    expect(range.json.details).toEqual([{ path: "package.version", message: "Give an exact version (e.g. 1.2.3): what was installed is what runs, so no ranges or tags." }]);

    const reserved = await create({ name: "Reserved", transport: "stdio", package: PACKAGE, env: { PATH: "/evil" } });
    expect(reserved.status).toBe(400);
    expect(reserved.json.details).toEqual([{ path: "env.PATH", message: "PATH, HOME and TMPDIR are set by the sandbox." }]);

    const wildcard = await create({ name: "Wildcard", transport: "stdio", package: PACKAGE, egress: [{ host: "*.example.com" }, { host: "https://api.example.com/" }] });
    expect(wildcard.status).toBe(400);
    expect(wildcard.json.details).toEqual([
      { path: "egress.0.host", message: "List each host: wildcards are not supported." },
      { path: "egress.1.host", message: "Enter a host name or an IP address, without a scheme, port or path (e.g. api.example.com)." },
    ]);

    expect(await named("Wildcard")).toBe(0);
    expect(await named("Pypi")).toBe(0);
    expect(await named("Range")).toBe(0);
    expect(await named("Reserved")).toBe(0);
  });

  it("refuses a package npm cannot install, saying why, and stores nothing", async () => {
    const missing = await create({ name: "Missing", transport: "stdio", package: { registryType: "npm", identifier: "mcp-not-published-anywhere", version: "1.0.0" } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/^npm:mcp-not-published-anywhere@1\.0\.0 cannot be installed: 404 Not Found - GET http:\/\/127\.0\.0\.1:\d+\/mcp-not-published-anywhere - Not found 404 /);
    expect(await named("Missing")).toBe(0);
    expect(fs.existsSync(packageFolder({ registryType: "npm", identifier: "mcp-not-published-anywhere", version: "1.0.0" }))).toBe(false);

    const version = await create({ name: "No such version", transport: "stdio", package: { ...PACKAGE, version: "9.9.9" } });
    expect(version.status).toBe(400);
    expect(version.json.message).toContain(`npm:${BUNDLED.name}@9.9.9 cannot be installed: `);
    expect(await named("No such version")).toBe(0);
  });
});
