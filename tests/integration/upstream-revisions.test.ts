import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as discoverPOST } from "@/app/api/servers/[id]/discover/route";
import { POST as scanPOST } from "@/app/api/servers/[id]/scan/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { servers } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * Servers of each revision, as a user adds and uses them: one built with the
 * v2 server package that speaks only 2026-07-28 (`legacy: "reject"`), one
 * that speaks it and 2025 (`legacy: "stateless"`), and server-everything
 * (2025). Each is saved up in the revision it speaks, checked in it, called
 * from the workbench and scanned; a pin is kept to the letter.
 */

let modernOnly: ModernServer;
let both: ModernServer;
let everything: RunningServer;

beforeAll(async () => {
  [modernOnly, both, everything] = await Promise.all([startModernServer("reject"), startModernServer("stateless"), startEverything("streamableHttp")]);
}, 30_000);

afterAll(async () => {
  await Promise.all([modernOnly, both, everything].map((s) => s?.stop()));
});

describeEachDatabase("servers of each protocol revision", () => {
  let owner: Session;
  const as = (s: Session) => ({ headers: s.headers });

  beforeAll(async () => {
    owner = await signedIn("pro");
  });

  async function add(name: string, url: string): Promise<string> {
    const res = await call(serversPOST, "/api/servers", { ...as(owner), body: { name, transport: "streamable-http", url } });
    expect(res.status).toBe(201);
    return (res.json as { id: string }).id;
  }

  async function pin(id: string, protocol: string) {
    const res = await call(serverPATCH, `/api/servers/${id}`, { ...as(owner), method: "PATCH", body: { protocol }, params: { id } });
    expect(res.status).toBe(200);
  }

  const cases = [
    ["a modern-only server", () => modernOnly.url, /^2026-07-28$/, "echo"],
    ["a server that speaks both", () => both.url, /^2026-07-28$/, "echo"],
    ["server-everything (2025)", () => `${everything.origin}/mcp`, /^2025-/, "echo"],
  ] as const;

  describe.each(cases)("%s", (label, url, revision, tool) => {
    let id: string;

    it("is saved up, with the revision it speaks", async () => {
      id = await add(label, url());
      const res = await call(serverGET, `/api/servers/${id}`, { ...as(owner), params: { id } });
      expect(res.json).toMatchObject({ status: "up", serverInfo: { protocolVersion: expect.stringMatching(revision) } });
    });

    it("is checked up", async () => {
      const res = await call(checkPOST, `/api/servers/${id}/check`, { ...as(owner), params: { id } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ check: { result: "up" } });
    });

    it("answers a workbench call of a tool", async () => {
      const res = await call(callPOST, `/api/servers/${id}/call`, {
        ...as(owner),
        params: { id },
        body: { method: "tools/call", params: { name: tool, arguments: { message: "hello" } } },
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify((res.json as { result: unknown }).result)).toContain("hello");
    });

    // 2026-07-28 has no ping: the workbench's Ping asks server/discover of a server of that revision.
    it("answers the workbench's Ping", async () => {
      const res = await call(callPOST, `/api/servers/${id}/call`, { ...as(owner), params: { id }, body: { method: "ping" } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ protocolVersion: expect.stringMatching(revision) });
    });

    it("is scanned", async () => {
      const res = await call(scanPOST, `/api/servers/${id}/scan`, { ...as(owner), params: { id } });
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty("refreshError");
    });
  });

  it("checks a server that speaks both with server/discover, never initialize", async () => {
    const id = await add("Both, checked", both.url);
    both.methods.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await call(checkPOST, `/api/servers/${id}/check`, { ...as(owner), params: { id } });
      expect(res.json).toMatchObject({ check: { result: "up" } });
    }
    expect(both.methods).not.toContain("initialize");
    expect(both.methods).not.toContain("ping");
    expect(both.methods.filter((m) => m === "server/discover")).toHaveLength(2);
  });

  it("speaks 2025 to a server that speaks both when pinned to 2025-11-25", async () => {
    const id = await add("Both, pinned", both.url);
    await pin(id, "2025-11-25");
    expect((await call(discoverPOST, `/api/servers/${id}/discover`, { ...as(owner), params: { id } })).status).toBe(200);
    const shown = await call(serverGET, `/api/servers/${id}`, { ...as(owner), params: { id } });
    expect(shown.json).toMatchObject({ serverInfo: { protocolVersion: "2025-11-25" } });
    const res = await call(callPOST, `/api/servers/${id}/call`, {
      ...as(owner),
      params: { id },
      body: { method: "tools/call", params: { name: "echo", arguments: { message: "pinned" } } },
    });
    expect(res.status).toBe(200);
    const exchange = (res.json as { exchange: { request: { params?: { _meta?: Record<string, unknown> } } } }).exchange;
    expect(JSON.stringify(exchange.request)).not.toContain("2026-07-28");
    await call(checkPOST, `/api/servers/${id}/check`, { ...as(owner), params: { id } });
    const [row] = await (await db()).select({ prior: servers.protocolPrior }).from(servers).where(eq(servers.id, id));
    expect(row.prior).toEqual({ kind: "legacy" });
  });

  it("probes again when a server no longer speaks the revision remembered for it", async () => {
    const changing = await startModernServer("reject");
    const id = await add("Changing revision", changing.url);
    const echo = (message: string) =>
      call(callPOST, `/api/servers/${id}/call`, { ...as(owner), params: { id }, body: { method: "tools/call", params: { name: "echo", arguments: { message } } } });
    expect((await echo("modern")).status).toBe(200);
    // The same address now serves a 2025 server: the pooled connection and the stored verdict are stale.
    await changing.stop();
    const older = await startEverything("streamableHttp", changing.port);
    try {
      const res = await echo("older");
      expect(res.status).toBe(200);
      expect(JSON.stringify((res.json as { result: unknown }).result)).toContain("older");
      const [row] = await (await db()).select({ prior: servers.protocolPrior }).from(servers).where(eq(servers.id, id));
      expect(row.prior).toEqual({ kind: "legacy" });
    } finally {
      await older.stop();
    }
  });

  it("names the cause when a modern-only server is pinned to a 2025 revision", async () => {
    const id = await add("Modern, pinned old", modernOnly.url);
    await pin(id, "2025-11-25");
    const res = await call(checkPOST, `/api/servers/${id}/check`, { ...as(owner), params: { id } });
    expect(res.json).toMatchObject({ check: { result: "failed" } });
    const reason = JSON.stringify(res.json);
    expect(reason).toContain("The server speaks only protocol revision(s) 2026-07-28");
    expect(reason).toContain('set its protocol to \\"auto\\"');
    expect(reason).not.toContain("Check the URL");
  });
});
