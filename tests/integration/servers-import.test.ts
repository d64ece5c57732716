import { eq } from "drizzle-orm";
import { POST as importPOST } from "@/app/api/servers/import/route";
import { POST as previewPOST } from "@/app/api/servers/import/preview/route";
import { GET as exportGET } from "@/app/api/servers/export/route";
import { PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { activityEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { startLocalRegistry, type LocalRegistry } from "../support/npm-registry";
import { signIn, type SignedIn } from "../support/sign-in";

let streamable: RunningServer;
let sse: RunningServer;
let registry: LocalRegistry;

beforeAll(async () => {
  streamable = await startEverything("streamableHttp");
  sse = await startEverything("sse");
  // The registry npm asks for an npx package's newest version: one on 127.0.0.1, which has not the filesystem server.
  registry = await startLocalRegistry();
  process.env.npm_config_registry = registry.url;
}, 60_000);
afterAll(async () => {
  delete process.env.npm_config_registry;
  await Promise.all([streamable, sse, registry].map((s) => s?.stop()));
});

const STDIO = { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] };

const VARIANTS = ["Claude Code (.mcp.json)", "Claude Desktop", "Cursor", "VS Code (servers)"] as const;

/** The same two remote servers and a local one, as each tool writes its file. */
function variants(): Record<(typeof VARIANTS)[number], unknown> {
  const http = `${streamable.origin}/mcp`;
  const sseUrl = `${sse.origin}/sse`;
  return {
    "Claude Code (.mcp.json)": { mcpServers: { everything: { type: "http", url: http, headers: { "X-Api-Key": "k-1" } }, legacy: { type: "sse", url: sseUrl }, files: { type: "stdio", ...STDIO } } },
    "Claude Desktop": { mcpServers: { everything: { url: http, transport: "streamable-http" }, legacy: { url: sseUrl, transport: "sse" }, files: STDIO } },
    Cursor: { mcpServers: { everything: { url: http, headers: { Authorization: "Bearer abc" } }, legacy: { url: sseUrl }, files: STDIO } },
    "VS Code (servers)": { inputs: [], servers: { everything: { type: "http", url: http }, legacy: { type: "sse", url: sseUrl }, files: { type: "stdio", ...STDIO } } },
  };
}

const send = (handler: typeof importPOST, path: string, u: SignedIn, doc: unknown) =>
  call(handler, path, { cookie: u.cookie, body: { text: typeof doc === "string" ? doc : JSON.stringify(doc) } });

describeEachDatabase("name resolution told to strangers", () => {
  it("limits how many names a user has resolved through the import preview: 429 with Retry-After", async () => {
    const u = await signIn({ plan: "pro" });
    const file = (round: number) => ({
      mcpServers: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`probe-${round}-${i}`, { type: "http", url: `http://10.${round}.0.${i}/mcp` }])),
    });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    for (let round = 0; round < 8 && !refused; round++) {
      const res = await send(previewPOST, "/api/servers/import/preview", u, file(round));
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.json).toMatchObject({ error: "rate_limited" });
    // Another user is not held back by it.
    expect((await send(previewPOST, "/api/servers/import/preview", await signIn({ plan: "pro" }), file(0))).status).toBe(200);
  });
});

describeEachDatabase("import and export of mcpServers files", () => {
  it.each(VARIANTS)("imports the %s variant: remote servers created and connected, the npx entry of a package the registry has not skipped", async (variant) => {
    const u = await signIn({ plan: "pro" });
    const doc = variants()[variant];

    const preview = await send(previewPOST, "/api/servers/import/preview", u, doc);
    expect(preview.status).toBe(200);
    expect(preview.json.entries).toEqual([
      expect.objectContaining({ name: "everything", transport: "streamable-http", url: `${streamable.origin}/mcp`, action: "create" }),
      expect.objectContaining({ name: "legacy", transport: "sse", url: `${sse.origin}/sse`, action: "create" }),
      expect.objectContaining({ name: "files", action: "skip", kind: "unpinned", reason: expect.stringMatching(/the registry could not tell which version that is: 404 Not Found/) }),
    ]);
    // The preview creates nothing.
    expect((await call(listGET, "/api/servers", { cookie: u.cookie })).json.servers).toEqual([]);

    const done = await send(importPOST, "/api/servers/import", u, doc);
    expect(done.status).toBe(201);
    expect(done.json.created).toEqual([
      expect.objectContaining({ name: "everything", connected: true, status: "up" }),
      expect.objectContaining({ name: "legacy", connected: true, status: "up" }),
    ]);
    expect(done.json.skipped).toEqual([expect.objectContaining({ name: "files", kind: "unpinned" })]);
    const listed = (await call(listGET, "/api/servers", { cookie: u.cookie })).json.servers;
    expect(listed.map((s: { name: string; counts: { tools: number } }) => [s.name, s.counts.tools > 0])).toEqual([["everything", true], ["legacy", true]]);

    // Importing the same file again creates nothing: both are duplicates now.
    const again = await send(previewPOST, "/api/servers/import/preview", u, doc);
    expect(again.json.entries.filter((e: { kind?: string }) => e.kind === "duplicate").map((e: { name: string }) => e.name)).toEqual(["everything", "legacy"]);
  });

  it("refuses private addresses in a production deployment, and says so in the preview", async () => {
    const u = await signIn({ plan: "pro" });
    const e = env();
    const saved = { production: e.production, localMode: e.localMode, outboundAllowPrivate: e.outboundAllowPrivate };
    Object.assign(e, { production: true, localMode: false, outboundAllowPrivate: false });
    try {
      const doc = { mcpServers: { internal: { url: "http://10.0.0.5/mcp" }, local: { type: "http", url: `${streamable.origin}/mcp` } } };
      const preview = await send(previewPOST, "/api/servers/import/preview", u, doc);
      expect(preview.json.entries).toEqual([
        expect.objectContaining({ name: "internal", action: "skip", kind: "address_refused", reason: expect.stringMatching(/^10\.0\.0\.5 is a private network address/) }),
        expect.objectContaining({ name: "local", action: "skip", kind: "address_refused", reason: expect.stringMatching(/^127\.0\.0\.1 is a loopback address/) }),
      ]);
      const done = await send(importPOST, "/api/servers/import", u, doc);
      expect(done.json).toEqual({ created: [], skipped: preview.json.entries });
    } finally {
      Object.assign(e, saved);
    }
  });

  it("skips what is over the plan's limit, duplicated in the file, a placeholder, or not a server", async () => {
    const u = await signIn({ plan: "free tier" });
    const created = await call(createPOST, "/api/servers", { cookie: u.cookie, body: { name: "Existing", transport: "streamable-http", url: "https://existing.example.com/mcp" } });
    expect(created.status).toBe(201);
    const doc = {
      mcpServers: {
        existing: { url: "https://other.example.com/mcp" },
        again: { url: "https://existing.example.com/mcp" },
        one: { url: "https://one.example.com/mcp" },
        two: { url: "https://two.example.com/mcp" },
        three: { url: "https://three.example.com/mcp" },
        keyed: { url: "https://keyed.example.com/mcp", headers: { Authorization: "Bearer ${input:token}" } },
        odd: { url: "ftp://odd.example.com" },
      },
    };
    const preview = await send(previewPOST, "/api/servers/import/preview", u, doc);
    expect(preview.json.entries.map((e: { name: string; action: string; kind?: string }) => [e.name, e.kind ?? e.action])).toEqual([
      ["existing", "duplicate"],
      ["again", "duplicate"],
      ["one", "create"],
      ["two", "create"],
      ["three", "plan_limit"],
      ["keyed", "placeholder"],
      ["odd", "invalid"],
    ]);
    expect(preview.json.entries[4].reason).toBe("Over the Free plan's limit of 3 servers.");
  });

  it("answers 400 for a file that is not one", async () => {
    const u = await signIn();
    const notJson = await send(previewPOST, "/api/servers/import/preview", u, "{nope");
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe("This is not JSON. Paste the whole configuration file.");
    const noServers = await send(importPOST, "/api/servers/import", u, { tools: {} });
    expect(noServers.status).toBe(400);
    expect(noServers.json.message).toMatch(/No "mcpServers"/);
  });

  it("exports every server as an mcpServers file with header values as placeholders", async () => {
    const u = await signIn({ plan: "pro" });
    const body = { name: "Keyed", transport: "sse", url: "https://keyed.example.com/sse", headers: { "X-Api-Key": "secret-value-123" } };
    expect((await call(createPOST, "/api/servers", { cookie: u.cookie, body })).status).toBe(201);
    const res = await call(exportGET, "/api/servers/export", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="mcp-servers.json"/);
    expect(res.json).toEqual({ mcpServers: { Keyed: { type: "sse", url: "https://keyed.example.com/sse", headers: { "X-Api-Key": "${X_API_KEY}" } } } });
    expect(res.text).not.toContain("secret-value-123");
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(JSON.stringify(events)).not.toContain("secret-value-123");
  });

  it("accepts headers as a name → value object on create and update, and answers with the one list shape", async () => {
    const u = await signIn({ plan: "pro" });
    const empty = await call(createPOST, "/api/servers", { cookie: u.cookie, body: { name: "Empty", transport: "streamable-http", url: "https://a.example.com/mcp", headers: {} } });
    expect(empty.status).toBe(201);
    expect(empty.json.headers).toEqual([]);
    const keyed = await call(createPOST, "/api/servers", { cookie: u.cookie, body: { name: "Keyed", transport: "streamable-http", url: "https://b.example.com/mcp", headers: { "X-Api-Key": "key-0123456789-abcd" } } });
    expect(keyed.status).toBe(201);
    expect(keyed.json.headers).toEqual([{ name: "X-Api-Key", value: "••••••••abcd" }]);
    const rotated = await call(serverPATCH, `/api/servers/${keyed.json.id}`, { method: "PATCH", cookie: u.cookie, params: { id: keyed.json.id }, body: { headers: { "X-Api-Key": "key-9876543210-wxyz" } } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.headers).toEqual([{ name: "X-Api-Key", value: "••••••••wxyz" }]);
    const bad = await call(createPOST, "/api/servers", { cookie: u.cookie, body: { name: "Bad", transport: "streamable-http", url: "https://c.example.com/mcp", headers: { "Bad Name": "x" } } });
    expect(bad.status).toBe(400);
  });
});
