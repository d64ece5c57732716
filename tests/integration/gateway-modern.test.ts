import { randomUUID } from "node:crypto";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { eq } from "drizzle-orm";
import { DELETE as gatewayDELETE, PATCH as gatewayPATCH } from "@/app/api/gateways/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { gatewaySessions, rateLimits } from "@/lib/db/schema";
import { MAX_LISTENS_PER_CREDENTIAL } from "@/lib/gateways/endpoint/bounds";
import { requestCounters } from "@/lib/gateways/endpoint/limits";
import { PLANS } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";
import { startEarlyInMinute } from "../support/fixed-window";
import { call } from "../support/http";
import { connectClient, createGateway, gatewayTokenWithId, recordedCalls, serveGateways, spendCounter, type Endpoint } from "../support/gateway";
import { inspectorCli, type InspectorCli } from "../support/inspector";
import { MODERN_REVISION, modernRequest, postModern } from "../support/modern-request";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * One gateway of two servers, one of each revision: a server built with the
 * v2 server package that speaks only 2026-07-28 (`legacy: "reject"`) and
 * server-everything (2025). Clients of both revisions use it: the v2 SDK's
 * client pinned to 2026-07-28 and in `auto`, the v1 SDK's client, and the
 * MCP Inspector's CLI; each lists both servers' tools and calls one of
 * each. A modern client has no session, and the gateway keeps none for
 * it; its requests are refused as a 2025 client's are, without a token or
 * over the minute's requests.
 */

const MODERN = MODERN_REVISION;

let everything: RunningServer;
let modernOnly: ModernServer;
let endpoint: Endpoint;
let inspector: InspectorCli;
beforeAll(async () => {
  [everything, modernOnly, endpoint] = await Promise.all([startEverything("streamableHttp"), startModernServer("reject"), serveGateways()]);
  inspector = inspectorCli();
});
afterAll(async () => {
  await Promise.all([everything.stop(), modernOnly.stop(), endpoint.stop()]);
  inspector.dispose();
});

async function modernClient(url: string, token: string, mode: "auto" | { pin: string }, capabilities: Record<string, unknown> = {}): Promise<ModernClient> {
  const client = new ModernClient({ name: "modern-test-client", version: "2.0.0" }, { versionNegotiation: { mode }, capabilities });
  await client.connect(new ModernTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

const countOf = async (key: string) => (await (await db()).select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

const sessionsOf = async (tokenId: string) => (await (await db()).select({ id: gatewaySessions.id }).from(gatewaySessions).where(eq(gatewaySessions.tokenId, tokenId))).length;

const listenRequest = (token: string) => modernRequest(token, "subscriptions/listen", { notifications: { toolsListChanged: true } });

const echoed = (result: unknown) => (result as { content: { type: string; text: string }[] }).content;

/** What a client of either SDK offers for listing and calling. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/** Both servers' tools listed, and one of each called: the echo of server-everything and of the modern-only server. */
async function usesBothServers(client: AnyClient, message: string) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["everything__echo", "modern__echo"]));
  expect(echoed(await client.callTool({ name: "everything__echo", arguments: { message } }))).toEqual([{ type: "text", text: `Echo: ${message}` }]);
  expect(echoed(await client.callTool({ name: "modern__echo", arguments: { message } }))).toEqual([{ type: "text", text: `echo: ${message}` }]);
}

describeEachDatabase("a gateway served to clients of MCP 2026-07-28 and of 2025", () => {
  let owner: Session;
  let gateway: { id: string; slug: string };
  let url: string;
  let everythingId: string;
  let modernId: string;

  beforeAll(async () => {
    owner = await signedIn("pro");
    const add = async (name: string, serverUrl: string) => {
      const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name, transport: "streamable-http", url: serverUrl } });
      expect(created.status).toBe(201);
      return created.json.id as string;
    };
    [everythingId, modernId] = await Promise.all([add("Everything", `${everything.origin}/mcp`), add("Modern only", modernOnly.url)]);
    gateway = await createGateway(owner, {
      name: "Both revisions",
      servers: [
        { serverId: everythingId, prefix: "everything" },
        { serverId: modernId, prefix: "modern" },
      ],
    });
    url = endpoint.url(gateway.slug);
  });

  it.each([
    ["pinned to 2026-07-28", { pin: MODERN }],
    ["in auto", "auto" as const],
  ])("serves the v2 client %s on the modern revision, with no session row: it lists both servers' tools and calls one of each", async (_, mode) => {
    const { token, id } = await gatewayTokenWithId(owner);
    const client = await modernClient(url, token, mode);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getServerVersion()?.name).toContain("Both revisions");
      await usesBothServers(client, "modern");
      expect(await sessionsOf(id)).toBe(0);
      const [event] = await recordedCalls(owner.uid, "everything__echo").then((events) => events.filter((e) => (e.client as { name: string }).name === "modern-test-client"));
      expect(event).toMatchObject({ outcome: "ok", keyName: expect.any(String) });
    } finally {
      await client.close();
    }
  });

  it("still serves the v1 client on 2025, with its session: it lists both servers' tools and calls one of each", async () => {
    const { token, id } = await gatewayTokenWithId(owner);
    const client = await connectClient(url, token);
    try {
      await usesBothServers(client, "legacy");
      expect(await sessionsOf(id)).toBe(1);
    } finally {
      await client.close();
    }
  });

  it("serves the MCP Inspector's CLI: it lists both servers' tools and calls one of each", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const callOf = (tool: string) => inspector.printed(url, token, ["--method", "tools/call", "--tool-name", tool, "--tool-arg", "message=inspected"]);
    const [listed, ofEverything, ofModern] = await Promise.all([
      inspector.printed<{ tools: { name: string }[] }>(url, token, ["--method", "tools/list"]),
      callOf("everything__echo"),
      callOf("modern__echo"),
    ]);
    expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["everything__echo", "modern__echo"]));
    expect(echoed(ofEverything)).toEqual([{ type: "text", text: "Echo: inspected" }]);
    expect(echoed(ofModern)).toEqual([{ type: "text", text: "echo: inspected" }]);
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

  /** A message of its own for each call, as the server is shared by the tests of both databases. */
  const unique = (message: string) => `${message} ${randomUUID()}`;

  /** The trace context the modern-only server received with the call of its echo that said `message`. */
  const receivedTrace = (message: string) =>
    modernOnly.requests.filter((r) => r.method === "tools/call" && (r.params?.arguments as { message?: string } | undefined)?.message === message).map((r) => (r.params?._meta as { traceparent?: string } | undefined)?.traceparent);

  it("records a modern caller's traceparent with the call, and passes it on to the server", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const message = unique("traced, modern caller");
    const [toEverything, toModern] = await Promise.all([
      postModern(url, token, "tools/call", { name: "everything__echo", arguments: { message: "traced" }, _meta: { traceparent } }),
      postModern(url, token, "tools/call", { name: "modern__echo", arguments: { message }, _meta: { traceparent } }),
    ]);
    expect([toEverything.status, toModern.status]).toEqual([200, 200]);
    const events = await recordedCalls(owner.uid, "everything__echo");
    expect(events.some((e) => e.traceparent === traceparent && e.outcome === "ok")).toBe(true);
    expect(receivedTrace(message)).toEqual([traceparent]);
  });

  it("passes a 2025 caller's traceparent on to the server, and nothing that is not one", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const client = await connectClient(url, token);
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const [traced, untraced] = [unique("traced, 2025 caller"), unique("not traced")];
    try {
      await client.callTool({ name: "modern__echo", arguments: { message: traced }, _meta: { traceparent } });
      await client.callTool({ name: "modern__echo", arguments: { message: untraced }, _meta: { traceparent: "not-a-trace-context" } });
    } finally {
      await client.close();
    }
    expect(receivedTrace(traced)).toEqual([traceparent]);
    expect(receivedTrace(untraced)).toEqual([undefined]);
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

  it("tells a modern client on subscriptions/listen that the tools list changed, and only what it listens for", async () => {
    const { token } = await gatewayTokenWithId(owner);
    const client = await modernClient(url, token, { pin: MODERN });
    const heard: string[] = [];
    const toolsChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler("notifications/tools/list_changed", () => {
        heard.push("tools");
        resolve();
      }),
    );
    client.setNotificationHandler("notifications/prompts/list_changed", () => void heard.push("prompts"));
    try {
      const subscription = await client.listen({ toolsListChanged: true, resourceSubscriptions: ["demo://resource/static/document/architecture.md"] });
      // The gateway tells list changes, not a resource's updates.
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
      const res = await call(gatewayPATCH, `/api/gateways/${gateway.id}`, {
        headers: owner.headers,
        method: "PATCH",
        params: { id: gateway.id },
        body: { servers: [{ serverId: everythingId, prefix: "everything", tools: { deny: ["get-env"] } }, { serverId: modernId, prefix: "modern" }] },
      });
      expect(res.status).toBe(200);
      await toolsChanged;
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("everything__get-env");
      await subscription.close();
      expect(await subscription.closed).toBe("local");
      expect(heard).toEqual(["tools"]);
    } finally {
      await client.close();
    }
  });

  it("ends a subscriptions/listen stream when its gateway is deleted", async () => {
    const doomed = await createGateway(owner, { name: "Deleted while listened to", servers: [{ serverId: modernId, prefix: "modern" }] });
    const { token } = await gatewayTokenWithId(owner);
    const client = await modernClient(endpoint.url(doomed.slug), token, { pin: MODERN });
    try {
      const subscription = await client.listen({ toolsListChanged: true });
      const res = await call(gatewayDELETE, `/api/gateways/${doomed.id}`, { headers: owner.headers, method: "DELETE", params: { id: doomed.id } });
      expect(res.status).toBe(204);
      expect(await subscription.closed).toBe("remote");
    } finally {
      await client.close();
    }
  });

  it("keeps a credential's open subscriptions/listen streams bounded, and frees a place when one closes", async () => {
    const { token } = await gatewayTokenWithId(owner);
    /** A listen stream, held open until aborted; what it answered first. */
    const listen = async () => {
      const control = new AbortController();
      const res = await fetch(url, { ...listenRequest(token), signal: control.signal });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      return { first, close: () => control.abort() };
    };
    const streams = [];
    for (let i = 0; i < MAX_LISTENS_PER_CREDENTIAL; i++) streams.push(await listen());
    expect(streams.every((s) => s.first.includes("notifications/subscriptions/acknowledged"))).toBe(true);
    const refused = await listen();
    expect(JSON.parse(refused.first)).toMatchObject({ error: { code: -32029, message: expect.stringContaining("close one first") } });
    streams.pop()!.close();
    let again = await listen();
    for (let tries = 0; !again.first.includes("acknowledged") && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await listen();
    }
    expect(again.first).toContain("notifications/subscriptions/acknowledged");
    for (const s of [...streams, again]) s.close();
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
