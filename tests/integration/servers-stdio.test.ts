import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { GET as exportGET } from "@/app/api/servers/export/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { serverEnv, servers } from "@/lib/db/schema";
import { packageFolder } from "@/lib/stdio/cache";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { leftoverCgroups } from "../support/sandbox";
import { signedIn, type Session } from "../support/sign-in";

/**
 * `POST /api/servers` with transport "stdio": an npm package already in the console's package
 * folder (server-everything, from the project's own node_modules), run in the sandbox, its env
 * stored encrypted and never returned.
 */

const EVERYTHING = "@modelcontextprotocol/server-everything";
const VERSION = (JSON.parse(fs.readFileSync(`node_modules/${EVERYTHING}/package.json`, "utf8")) as { version: string }).version;
const PACKAGE = { registryType: "npm", identifier: EVERYTHING, version: VERSION };
const SECRET = "stdio-secret-value-1234";

beforeAll(() => {
  // Installed as `npm install --prefix` lays it out: the install folder's node_modules (here the project's own).
  const folder = packageFolder({ registryType: "npm", identifier: EVERYTHING, version: VERSION });
  fs.mkdirSync(folder, { recursive: true });
  if (!fs.existsSync(path.join(folder, "node_modules"))) fs.symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"));
});

afterAll(() => {
  expect(leftoverCgroups()).toEqual([]);
});

describeEachDatabase("servers API: stdio servers", () => {
  let owner: Session;

  beforeAll(async () => {
    owner = await signedIn("pro");
  });

  const create = (body: Record<string, unknown>) => call(createPOST, "/api/servers", { body, headers: owner.headers });
  const named = async (name: string) => (await (await db()).select({ id: servers.id }).from(servers).where(eq(servers.name, name))).length;

  it("registers server-everything as a stdio server: discovered in the sandbox, its env kept secret", async () => {
    const created = await create({ name: "Everything stdio", transport: "stdio", package: PACKAGE, args: ["stdio"], env: { API_TOKEN: SECRET } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      transport: "stdio",
      url: `npm:${EVERYTHING}@${VERSION}`,
      stdio: { package: PACKAGE, args: ["stdio"], env: ["API_TOKEN"] },
      headers: [],
      status: "up",
      lastCheck: { trigger: "discovery", result: "up" },
      serverInfo: { name: expect.stringContaining("everything") },
    });
    expect(created.json.counts.tools).toBeGreaterThan(0);
    expect(created.text).not.toContain(SECRET);

    const [stored] = await (await db()).select({ valueEnc: serverEnv.valueEnc }).from(serverEnv).where(eq(serverEnv.serverId, created.json.id));
    expect(stored.valueEnc).not.toContain(SECRET);

    const listed = await call(listGET, "/api/servers?q=Everything%20stdio", { headers: owner.headers });
    expect(listed.json.servers).toEqual([expect.objectContaining({ transport: "stdio", stdio: { package: PACKAGE, args: ["stdio"], env: ["API_TOKEN"] } })]);
    expect(listed.text).not.toContain(SECRET);

    const exported = await call(exportGET, "/api/servers/export", { headers: owner.headers });
    expect(exported.json.mcpServers["Everything stdio"]).toEqual({ command: "npx", args: ["-y", `${EVERYTHING}@${VERSION}`, "stdio"], env: { API_TOKEN: "${API_TOKEN}" } });
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

    expect(await named("Pypi")).toBe(0);
    expect(await named("Range")).toBe(0);
    expect(await named("Reserved")).toBe(0);
  });

  it("refuses a package that is not installed, saying so, and stores nothing", async () => {
    const missing = await create({ name: "Missing", transport: "stdio", package: { registryType: "npm", identifier: "mcp-not-installed-anywhere", version: "1.0.0" } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(
      "npm:mcp-not-installed-anywhere@1.0.0 cannot run: mcp-not-installed-anywhere is not installed (no node_modules/mcp-not-installed-anywhere/package.json).",
    );
    expect(await named("Missing")).toBe(0);
  });
});
