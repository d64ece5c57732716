import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { eq } from "drizzle-orm";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { gatewaySessions, rateLimits } from "@/lib/db/schema";
import { requestCounters } from "@/lib/gateways/endpoint/limits";
import { PLANS } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";
import { startEarlyInMinute } from "../support/fixed-window";
import { call } from "../support/http";
import { connectClient, createGateway, gatewayTokenWithId, recordedCalls, serveGateways, spendCounter, type Endpoint } from "../support/gateway";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * One gateway of server-everything (a 2025 server) used by clients of both
 * revisions: the v2 SDK's client pinned to 2026-07-28 and in `auto`, the
 * v1 SDK's client, and the MCP Inspector's CLI. A modern client has no
 * session, and the gateway keeps none for it; its requests are refused as
 * a 2025 client's are, without a token or over the minute's requests.
 */

const MODERN = "2026-07-28";
const ROOT = path.resolve(__dirname, "../..");
const INSPECTOR = path.join(ROOT, "node_modules/.bin/mcp-inspector");

let everything: RunningServer;
let endpoint: Endpoint;
let home: string;
beforeAll(async () => {
  [everything, endpoint] = await Promise.all([startEverything("streamableHttp"), serveGateways()]);
  home = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-inspector-"));
});
afterAll(async () => {
  await Promise.all([everything.stop(), endpoint.stop()]);
  fs.rmSync(home, { recursive: true, force: true });
});

async function modernClient(url: string, token: string, mode: "auto" | { pin: string }, capabilities: Record<string, unknown> = {}): Promise<ModernClient> {
  const client = new ModernClient({ name: "modern-test-client", version: "2.0.0" }, { versionNegotiation: { mode }, capabilities });
  await client.connect(new ModernTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** A bare modern request, as the revision has it: the envelope in `_meta` and the standard headers. */
function postModern(url: string, token: string | null, method: string, params: Record<string, unknown> = {}): Promise<Response> {
  const name = typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
  return fetch(url, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          ...(params._meta as object),
          "io.modelcontextprotocol/protocolVersion": MODERN,
          "io.modelcontextprotocol/clientInfo": { name: "raw-modern", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  });
}

const countOf = async (key: string) => (await (await db()).select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

const sessionsOf = async (tokenId: string) => (await (await db()).select({ id: gatewaySessions.id }).from(gatewaySessions).where(eq(gatewaySessions.tokenId, tokenId))).length;

function inspector(url: string, token: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", url, "--transport", "http", "--header", `Authorization: Bearer ${token}`, ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: home } as unknown as NodeJS.ProcessEnv, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

const echoed = (result: unknown) => (result as { content: { type: string; text: string }[] }).content;

describeEachDatabase("a gateway served to clients of MCP 2026-07-28 and of 2025", () => {
  let owner: Session;
  let gateway: { id: string; slug: string };
  let url: string;

  beforeAll(async () => {
    owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status).toBe(201);
    gateway = await createGateway(owner, { name: "Both revisions", servers: [{ serverId: created.json.id, prefix: "everything" }] });
    url = endpoint.url(gateway.slug);
  });

  it.each([
    ["pinned to 2026-07-28", { pin: MODERN }],
    ["in auto", "auto" as const],
  ])("serves the v2 client %s on the modern revision, with no session row: it lists the tools and calls one", async (_, mode) => {
    const { token, id } = await gatewayTokenWithId(owner);
    const client = await modernClient(url, token, mode);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getServerVersion()?.name).toContain("Both revisions");
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("everything__echo");
      expect(echoed(await client.callTool({ name: "everything__echo", arguments: { message: "modern" } }))).toEqual([{ type: "text", text: "Echo: modern" }]);
      expect(await sessionsOf(id)).toBe(0);
      const [event] = await recordedCalls(owner.uid, "everything__echo").then((events) => events.filter((e) => (e.client as { name: string }).name === "modern-test-client"));
      expect(event).toMatchObject({ outcome: "ok", keyName: expect.any(String) });
    } finally {
      await client.close();
    }
  });

  it("still serves the v1 client on 2025, with its session", async () => {
    const { token, id } = await gatewayTokenWithId(owner);
    const client = await connectClient(url, token);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("everything__echo");
      expect(echoed(await client.callTool({ name: "everything__echo", arguments: { message: "legacy" } }))).toEqual([{ type: "text", text: "Echo: legacy" }]);
      expect(await sessionsOf(id)).toBe(1);
    } finally {
      await client.close();
    }
  });

  it("serves the MCP Inspector's CLI: it lists the tools and calls one", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const [listed, called] = await Promise.all([
      inspector(url, token, ["--method", "tools/list"]),
      inspector(url, token, ["--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=inspected"]),
    ]);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain("everything__echo");
    expect(called.code).toBe(0);
    expect(echoed(JSON.parse(called.stdout))).toEqual([{ type: "text", text: "Echo: inspected" }]);
  });

  it("answers server/discover with the gateway's identity and capabilities, and opens no session for it", async () => {
    const { token, id } = await gatewayTokenWithId(owner);
    const res = await postModern(url, token, "server/discover");
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const { result } = (await res.json()) as { result: { supportedVersions: string[]; capabilities: Record<string, unknown>; cacheScope: string } };
    expect(result.supportedVersions).toContain(MODERN);
    expect(result.capabilities).toMatchObject({ tools: {}, prompts: {}, resources: {} });
    expect(result.cacheScope).toBe("private");
    expect(await sessionsOf(id)).toBe(0);
  });

  it("lists with cache hints for the requesting client only, in the same order each time", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const list = async () => ((await (await postModern(url, token, "tools/list")).json()) as { result: { tools: { name: string }[]; ttlMs: number; cacheScope: string } }).result;
    const [first, second] = [await list(), await list()];
    expect(first.cacheScope).toBe("private");
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(second.tools.map((t) => t.name)).toEqual(first.tools.map((t) => t.name));
  });

  it("records the caller's traceparent with the call", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const res = await postModern(url, token, "tools/call", { name: "everything__echo", arguments: { message: "traced" }, _meta: { traceparent } });
    expect(res.status).toBe(200);
    const events = await recordedCalls(owner.uid, "everything__echo");
    expect(events.some((e) => e.traceparent === traceparent && e.outcome === "ok")).toBe(true);
  });

  it("puts a 2025 server's elicitation to a modern client as input_required, and completes the call with its answer", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const client = await modernClient(url, token, { pin: MODERN }, { elicitation: {} });
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(String(request.params.message));
      return { action: "accept", content: { name: "Ada, answered in a round" } } as never;
    });
    try {
      const result = await client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      expect(asked).toHaveLength(1);
      expect(JSON.stringify(result.content)).toContain("Ada, answered in a round");
    } finally {
      await client.close();
    }
  });

  it("refuses what it cannot translate: a question the client did not declare it takes, and a requestState the gateway did not sign", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const res = await postModern(url, token, "tools/call", { name: "everything__trigger-elicitation-request", arguments: {}, _meta: {} });
    // The raw client declared no elicitation: the server's question is refused, with the reason.
    const refused = (await res.json()) as { result?: { isError?: boolean; content?: unknown }; error?: { message: string } };
    expect(JSON.stringify(refused)).toMatch(/does not support elicitation/);
    const forged = await postModern(url, token, "tools/call", { name: "everything__echo", arguments: { message: "x" }, requestState: "v1.forged.state", inputResponses: {} });
    const { error } = (await forged.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32602);
    expect(error.message).toBe("Invalid or expired requestState");
  });

  it("refuses a modern request without a token with 401 and where to get one", async () => {
    const res = await postModern(url, null, "tools/list");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain(`resource_metadata="`);
    expect(res.headers.get("www-authenticate")).toContain(`/.well-known/oauth-protected-resource/mcp/${gateway.slug}`);
  });

  it("counts modern requests against the minute's limit, and refuses the next with 429 and Retry-After", async () => {
    const { token, id } = await gatewayTokenWithId(owner);
    const { credentialKey } = requestCounters(owner.uid, gateway.id, { tokenId: id, grantId: null });
    await spendCounter(credentialKey, PLANS.pro.gatewayRequestsPerMinute);
    const res = await postModern(url, token, "tools/list");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const { error } = (await res.json()) as { error: { code: number } };
    expect(error.code).toBe(-32029);
  });

  it("counts a modern call's request once, and refuses a call over the minute's requests with 429 before it is counted as a call or recorded", async () => {
    await startEarlyInMinute();
    const { token, id } = await gatewayTokenWithId(owner);
    const { credentialKey } = requestCounters(owner.uid, gateway.id, { tokenId: id, grantId: null });
    const callsKey = `gateway-minute:${owner.uid}:${gateway.id}`;
    const limit = PLANS.pro.gatewayRequestsPerMinute;
    // One request left: the call takes it, and only it.
    await spendCounter(credentialKey, limit - 1);
    const served = await postModern(url, token, "tools/call", { name: "everything__echo", arguments: { message: "modern, counted once" } });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("Echo: modern, counted once");
    expect(await countOf(credentialKey)).toBe(limit);

    const callsBefore = await countOf(callsKey);
    const refused = await postModern(url, token, "tools/call", { name: "everything__echo", arguments: { message: "modern, over the minute" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const { error } = (await refused.json()) as { error: { code: number; message: string } };
    expect(error).toMatchObject({ code: -32029, message: expect.stringMatching(/^This token made its/) });
    expect(await countOf(callsKey)).toBe(callsBefore);
    const messages = (await recordedCalls(owner.uid, "everything__echo")).map((e) => (e.arguments as { message?: string }).message);
    expect(messages).toContain("modern, counted once");
    expect(messages).not.toContain("modern, over the minute");
  });
});
