import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { count, eq } from "drizzle-orm";
import { POST as decidePOST } from "@/app/api/oauth/authorizations/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { activityEvents, gatewayRelay, gatewaySessions, rateLimits } from "@/lib/db/schema";
import { MAX_PENDING_ANSWERS_PER_CREDENTIAL, MAX_SESSIONS_PER_CREDENTIAL } from "@/lib/gateways/endpoint/bounds";
import { requestCounters } from "@/lib/gateways/endpoint/limits";
import { PLANS } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";
import { startEarlyInMinute } from "../support/fixed-window";
import { connectClient, createGateway, gatewayTokenWithId, initializeRaw, postRaw, recordedCalls, serveGateways, spendCounter, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";
import { signedIn, type Session } from "../support/sign-in";

/**
 * What a gateway's clients may make it store, and whose messages it takes:
 * every request counted against its token's and its gateway's minute, a
 * token's open sessions capped, nothing stored for a message no request
 * awaits, a server's questions capped per token, completions counted and
 * audited as calls; a session ended only by the credential that opened it,
 * and an answer taken only from the session that was asked. The SDK's own
 * client where it can do what is tested, raw HTTP where a client would
 * have to misbehave.
 */

let endpoint: Endpoint;
let everything: RunningServer;
beforeAll(async () => {
  // First: the service's address is this server's (OAuth names it), before anything reads the configuration.
  endpoint = await serveGateways({ asAppUrl: true });
  everything = await startEverything("streamableHttp");
});
afterAll(async () => {
  await Promise.all([endpoint.stop(), everything.stop()]);
});

const REQUESTS = PLANS.pro.gatewayRequestsPerMinute;
const notification = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", method, params });
const ping = (id: number | string = 1) => ({ jsonrpc: "2.0", id, method: "ping" });

/** The JSON-RPC error of a refused request's body. */
async function errorOf(res: Response): Promise<{ code: number; message: string; data?: { retryAfterSec?: number } }> {
  return ((await res.json()) as { error: { code: number; message: string; data?: { retryAfterSec?: number } } }).error;
}

async function refusal(work: Promise<unknown>): Promise<Error> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

/** The SDK's client with its transport (its session id, terminateSession), once its list stream is open. */
async function connectWithTransport(url: string, token: string, capabilities: Record<string, unknown> = {}) {
  let streamOpened!: () => void;
  const streamOpen = new Promise<void>((resolve) => (streamOpened = resolve));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if ((init?.method ?? "GET") === "GET") streamOpened();
      return res;
    },
  });
  const client = new Client({ name: "gateway-limits-client", version: "1.0.0" }, { capabilities });
  await client.connect(transport);
  await streamOpen;
  return { client, transport, sessionId: transport.sessionId! };
}

/** The HTTP status of the SDK transport's error. */
const statusOf = (err: Error) => (err as Error & { code?: number }).code;

/** Waits until `read` gives `expected`, or gives up after a few seconds with what it gave last. */
async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const relayRows = async () => (await (await db()).select({ n: count() }).from(gatewayRelay))[0].n;

/** An OAuth access token of the owner's grant to an app for the gateway at `url`. */
async function oauthAccessToken(who: Session, url: string): Promise<string> {
  const agent = new AgentOAuth("http://127.0.0.1:7777/callback", "Another app");
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: agent });
  await expect(new Client({ name: "agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  const consent = await fetch(agent.authorizationUrl!, { redirect: "manual" });
  const id = new URL(consent.headers.get("location")!, url).pathname.split("/").pop()!;
  const allowed = await call(decidePOST, `/api/oauth/authorizations/${id}`, { headers: who.headers, params: { id }, body: { decision: "allow" } });
  expect(allowed.status).toBe(200);
  await first.finishAuth(new URL(allowed.json.redirectTo).searchParams.get("code")!);
  return agent.saved!.access_token;
}

describeEachDatabase("what a gateway's clients may make it store, and whose messages it takes", () => {
  let owner: Session;
  let serverId: string;
  const newGateway = async () => {
    const gateway = await createGateway(owner, { name: `Limits ${randomUUID().slice(0, 8)}`, servers: [{ serverId, prefix: "everything" }] });
    return { ...gateway, url: endpoint.url(gateway.slug) };
  };

  beforeAll(async () => {
    owner = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(server.status).toBe(201);
    serverId = server.json.id;
  });

  it("counts every request, whatever its method, against its token's and its gateway's minute, and refuses the next with 429, Retry-After and -32029", async () => {
    await startEarlyInMinute();
    const [gateway, other] = [await newGateway(), await newGateway()];
    const a = await gatewayTokenWithId(owner);
    const b = await gatewayTokenWithId(owner);
    const { client, sessionId } = await connectWithTransport(gateway.url, a.token);
    const counters = requestCounters(owner.uid, gateway.id, { tokenId: a.id, grantId: null });
    try {
      // What the client sent so far (initialize, initialized, its list stream) is forgotten: five requests are left.
      await spendCounter(counters.credentialKey, REQUESTS - 5);
      await client.ping();
      await client.listTools();
      expect((await postRaw(gateway.url, a.token, sessionId, notification("notifications/roots/list_changed"))).status).toBe(202);
      const stream = await fetch(gateway.url, { headers: { authorization: `Bearer ${a.token}`, accept: "text/event-stream", "mcp-session-id": sessionId } });
      expect(stream.status).toBe(200);
      await stream.body?.cancel();
      const ended = await fetch(gateway.url, { method: "DELETE", headers: { authorization: `Bearer ${a.token}`, "mcp-session-id": randomUUID() } });
      expect(ended.status).toBe(404);

      // The sixth, whatever it is, is refused: HTTP 429 with Retry-After, and the gateway's JSON-RPC error for limits.
      const refused = await postRaw(gateway.url, a.token, sessionId, ping());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const error = await errorOf(refused);
      expect(error.code).toBe(-32029);
      expect(error.message).toMatch(new RegExp(`^This token made its ${REQUESTS.toLocaleString("en-US")} requests of this minute; retry in \\d+ s\\.$`));
      expect(error.data?.retryAfterSec).toBe(Number(refused.headers.get("retry-after")));
      // The SDK's client gets the same in its error.
      const sdkRefusal = await refusal(client.callTool({ name: "everything__echo", arguments: { message: "one too many" } }));
      expect(statusOf(sdkRefusal)).toBe(429);
      expect(sdkRefusal.message).toMatch(/"code":-32029,"message":"This token made its/);

      // Another token on the same gateway has a minute of its own.
      const second = await connectClient(gateway.url, b.token);
      try {
        await expect(second.ping()).resolves.toEqual({});
        // The gateway's minute spent: every token is refused there, and served on another gateway.
        await spendCounter(counters.gatewayKey, REQUESTS);
        const onGateway = await refusal(second.ping());
        expect(statusOf(onGateway)).toBe(429);
        expect(onGateway.message).toMatch(/"code":-32029,"message":"This gateway made its/);
        const elsewhere = await connectClient(other.url, b.token);
        await expect(elsewhere.ping()).resolves.toEqual({});
        await elsewhere.close();
      } finally {
        await second.close();
      }
    } finally {
      await client.close();
    }
  });

  it("counts each message of a batch as a request: a batch is no way to send a hundred for one", async () => {
    await startEarlyInMinute();
    const gateway = await newGateway();
    const a = await gatewayTokenWithId(owner);
    const sessionId = await initializeRaw(gateway.url, a.token);
    const counters = requestCounters(owner.uid, gateway.id, { tokenId: a.id, grantId: null });
    await spendCounter(counters.credentialKey, REQUESTS - 9);
    // Nine messages in one POST: served, and the minute is spent.
    const pings = Array.from({ length: 9 }, (_, i) => ping(i + 1));
    const served = await postRaw(gateway.url, a.token, sessionId, pings);
    expect(served.status).toBe(200);
    expect(((await served.json()) as unknown[]).length).toBe(9);
    const after = await postRaw(gateway.url, a.token, sessionId, ping());
    expect(after.status).toBe(429);

    // With the minute nearly spent, a batch larger than what is left is refused whole, cancellations as much as requests.
    await spendCounter(counters.credentialKey, REQUESTS - 2);
    const cancellations = Array.from({ length: 100 }, (_, i) => notification("notifications/cancelled", { requestId: i }));
    const refused = await postRaw(gateway.url, a.token, sessionId, cancellations);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe(-32029);
  });

  it("counts a call's request once; a call of an unknown name is a request too; a call over the request limit is refused with 429, neither counted as a call nor recorded", async () => {
    await startEarlyInMinute();
    const gateway = await newGateway();
    const a = await gatewayTokenWithId(owner);
    // Once its list stream is open: that request is counted before the minute is spent below.
    const { client } = await connectWithTransport(gateway.url, a.token);
    const counters = requestCounters(owner.uid, gateway.id, { tokenId: a.id, grantId: null });
    const callsKey = `gateway-minute:${owner.uid}:${gateway.id}`;
    const calls = async () => (await (await db()).select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, callsKey)))[0].count;
    const echoed = async () => (await recordedCalls(owner.uid, "everything__echo")).map((e) => (e.arguments as { message?: string }).message);
    try {
      // Three requests left: a call takes one of them, not two.
      await spendCounter(counters.credentialKey, REQUESTS - 3);
      const result = await client.callTool({ name: "everything__echo", arguments: { message: "counted once" } });
      expect(result.content).toEqual([{ type: "text", text: "Echo: counted once" }]);
      await expect(client.ping()).resolves.toEqual({});
      // A name the gateway does not serve: answered as unknown, and the minute's last request spent.
      const unknown = await refusal(client.callTool({ name: "everything__no-such-tool", arguments: {} }));
      expect(unknown.message).toMatch(/Unknown tool: everything__no-such-tool/);

      const callsBefore = await calls();
      const refused = await refusal(client.callTool({ name: "everything__echo", arguments: { message: "over the minute" } }));
      expect(statusOf(refused)).toBe(429);
      expect(refused.message).toMatch(/"code":-32029,"message":"This token made its/);
      expect(await calls()).toBe(callsBefore);
      const messages = await echoed();
      expect(messages).toContain("counted once");
      expect(messages).not.toContain("over the minute");
    } finally {
      await client.close();
    }
  });

  it("ends a token's least recently used session beyond its open ones; that client is told to initialize again, the others are served", async () => {
    const gateway = await newGateway();
    const mine = await gatewayTokenWithId(owner);
    const theirs = await gatewayTokenWithId(owner);
    const oldest = await connectClient(gateway.url, mine.token);
    const untouched = await connectClient(gateway.url, theirs.token);
    try {
      await oldest.ping();
      const opened: string[] = [];
      for (let i = 0; i < MAX_SESSIONS_PER_CREDENTIAL; i++) opened.push(await initializeRaw(gateway.url, mine.token));

      const ended = await refusal(oldest.listTools());
      expect(statusOf(ended)).toBe(404);
      expect(ended.message).toContain("Session not found: initialize again.");
      const [{ n }] = await (await db()).select({ n: count() }).from(gatewaySessions).where(eq(gatewaySessions.tokenId, mine.id));
      expect(n).toBe(MAX_SESSIONS_PER_CREDENTIAL);
      for (const id of [opened[0], opened.at(-1)!]) expect((await postRaw(gateway.url, mine.token, id, ping())).status).toBe(200);
      // Another token's session is not its to end.
      await expect(untouched.ping()).resolves.toEqual({});
    } finally {
      await Promise.all([oldest.close(), untouched.close()]);
    }
  });

  it("opens the session of every client of a burst initializing at once past the token's bound", async () => {
    const gateway = await newGateway();
    const mine = await gatewayTokenWithId(owner);
    for (let i = 0; i < MAX_SESSIONS_PER_CREDENTIAL; i++) await initializeRaw(gateway.url, mine.token);
    // Each of these prunes the same oldest sessions at the same time.
    const burst = await Promise.all(Array.from({ length: 40 }, () => initializeRaw(gateway.url, mine.token)));
    expect(new Set(burst).size).toBe(40);
    const last = await initializeRaw(gateway.url, mine.token);
    const [{ n }] = await (await db()).select({ n: count() }).from(gatewaySessions).where(eq(gatewaySessions.tokenId, mine.id));
    expect(n).toBe(MAX_SESSIONS_PER_CREDENTIAL);
    expect((await postRaw(gateway.url, mine.token, last, ping())).status).toBe(200);
  });

  it("stores nothing for a client's notifications and answers that no request awaits", async () => {
    const gateway = await newGateway();
    const { token } = await gatewayTokenWithId(owner);
    const sessionId = await initializeRaw(gateway.url, token);
    const big = "x".repeat(100_000);
    const unasked = [
      notification("notifications/initialized"),
      notification("notifications/roots/list_changed", { padding: big }),
      notification("notifications/progress", { progressToken: 1, progress: 1, message: big }),
      notification("notifications/cancelled", { requestId: 42, reason: big }),
      { jsonrpc: "2.0", id: randomUUID(), result: { action: "accept", content: { name: big } } },
      { jsonrpc: "2.0", id: 7, error: { code: -1, message: big } },
    ];
    for (const message of unasked) expect((await postRaw(gateway.url, token, sessionId, message)).status).toBe(202);
    expect((await postRaw(gateway.url, token, sessionId, unasked)).status).toBe(202);
    const [{ n }] = await (await db()).select({ n: count() }).from(gatewayRelay).where(eq(gatewayRelay.sessionId, sessionId));
    expect(n).toBe(0);
  });

  it("refuses a server's question once a token's clients owe the most answers, and takes the answers it waits for", async () => {
    const gateway = await newGateway();
    const { token } = await gatewayTokenWithId(owner);
    const client = await connectClient(gateway.url, token, { elicitation: {} });
    let open!: () => void;
    const answering = new Promise<void>((resolve) => (open = resolve));
    let asked: () => void = () => {};
    client.setRequestHandler(ElicitRequestSchema, async () => {
      asked();
      await answering;
      return { action: "accept", content: { name: "Ada" } } as never;
    });
    try {
      // One question at a time, so that each is stored before the next is asked.
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < MAX_PENDING_ANSWERS_PER_CREDENTIAL; i++) {
        const reached = new Promise<void>((resolve) => (asked = resolve));
        calls.push(client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} }));
        await reached;
      }
      asked = () => {
        throw new Error("a question past the cap reached the client");
      };
      const refused = await client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      expect(JSON.stringify(refused)).toContain(`have ${MAX_PENDING_ANSWERS_PER_CREDENTIAL} questions of servers still to answer`);
      expect(refused.isError).toBe(true);

      open();
      const answered = await Promise.all(calls);
      expect(answered.every((result) => JSON.stringify(result).includes("Ada"))).toBe(true);
      // Each question's row goes once it is answered.
      expect(await settled(relayRows, 0)).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("counts a completion against the gateway's calls and audits it", async () => {
    const gateway = await newGateway();
    const { token } = await gatewayTokenWithId(owner);
    const client = await connectClient(gateway.url, token);
    try {
      const ref = { type: "ref/prompt" as const, name: "everything__completable-prompt" };
      const { completion } = await client.complete({ ref, argument: { name: "department", value: "Eng" } });
      expect(completion.values).toEqual(["Engineering"]);
      const [event] = await recordedCalls(owner.uid, "everything__completable-prompt");
      expect(event).toMatchObject({ method: "completion/complete", outcome: "ok", argument: { name: "department", value: "Eng" }, client: { name: "gateway-test-client" } });

      await spendCounter(`gateway-minute:${owner.uid}:${gateway.id}`, PLANS.pro.gatewayCallsPerMinute);
      const err = await refusal(client.complete({ ref, argument: { name: "department", value: "Sa" } }));
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32029);
      expect(((err as McpError).data as { retryAfterSec: number }).retryAfterSec).toBeGreaterThan(0);
      const events = await recordedCalls(owner.uid, "everything__completable-prompt");
      expect(events.at(-1)).toMatchObject({ method: "completion/complete", outcome: "rate_limited" });
    } finally {
      await client.close();
    }
  });

  it("under sustained calls, never passes a limit: the calls within it answered and audited, the rest refused, and the counters exact once the calls stop", async () => {
    await startEarlyInMinute(30_000);
    // An account of its own: the account's day is counted by this test's calls alone.
    const busy = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: busy.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    const created = await createGateway(busy, { name: "Busy", servers: [{ serverId: server.json.id, prefix: "everything" }] });
    const gateway = { ...created, url: endpoint.url(created.slug) };
    const { token } = await gatewayTokenWithId(busy);
    const client = await connectClient(gateway.url, token);
    const minuteKey = `gateway-minute:${busy.uid}:${gateway.id}`;
    const dayKey = `gateway-calls:${busy.uid}`;
    const counter = async (key: string) => (await (await db()).select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
    const events = async () =>
      (await (await db()).select({ action: activityEvents.action, metadata: activityEvents.metadata }).from(activityEvents).where(eq(activityEvents.targetId, gateway.id)))
        .filter((e) => e.action === "gateway.call")
        .map((e) => (e.metadata as { outcome: string }).outcome);
    const echo = (i: number) =>
      client.callTool({ name: "everything__echo", arguments: { message: `burst ${i}` } }).then(
        () => "ok",
        (err: unknown) => (err as McpError).code,
      );
    try {
      // As fast as a busy agent calls, one call after another: 40 calls, then the counters rest.
      const first: unknown[] = [];
      for (let i = 0; i < 40; i++) first.push(await echo(i));
      expect(first).toEqual(Array(40).fill("ok"));
      expect(await settled(() => counter(minuteKey), 40)).toBe(40);
      expect(await settled(() => counter(dayKey), 40)).toBe(40);
      expect(await settled(async () => (await events()).filter((o) => o === "ok").length, 40)).toBe(40);

      // 120 calls of room left in the minute, and 150 calls: the first 120 run, the other 30 are refused.
      await spendCounter(minuteKey, PLANS.pro.gatewayCallsPerMinute - 120);
      const second: unknown[] = [];
      for (let i = 0; i < 150; i++) second.push(await echo(100 + i));
      expect(second.slice(0, 120)).toEqual(Array(120).fill("ok"));
      expect(second.slice(120)).toEqual(Array(30).fill(-32029));
      expect(await settled(async () => (await events()).filter((o) => o === "rate_limited").length, 30)).toBe(30);
      const outcomes = await events();
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(160);
    } finally {
      await client.close();
    }
  });

  it("ends a session only for the credential that opened it; to any other it is unknown", async () => {
    const gateway = await newGateway();
    const a = await gatewayTokenWithId(owner);
    const b = await gatewayTokenWithId(owner);
    const app = await oauthAccessToken(owner, gateway.url);
    const { client, transport, sessionId } = await connectWithTransport(gateway.url, a.token);
    const end = (token: string, id: string) => fetch(gateway.url, { method: "DELETE", headers: { authorization: `Bearer ${token}`, "mcp-session-id": id } });
    try {
      const unknown = await end(a.token, randomUUID());
      expect(unknown.status).toBe(404);
      const unknownBody = await unknown.json();
      for (const other of [b.token, app]) {
        const res = await end(other, sessionId);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual(unknownBody);
        await expect(client.listTools()).resolves.toBeDefined();
      }
      // The app's own session is not the token's to end either.
      const appSession = await initializeRaw(gateway.url, app);
      expect((await end(a.token, appSession)).status).toBe(404);
      expect((await postRaw(gateway.url, app, appSession, ping())).status).toBe(200);

      // Its own client ends it.
      await transport.terminateSession();
      expect((await postRaw(gateway.url, a.token, sessionId, ping())).status).toBe(404);
    } finally {
      await client.close();
    }
  });

  it("takes the answer to a server's question only from the session it was asked of", async () => {
    const gateway = await newGateway();
    const { token } = await gatewayTokenWithId(owner);
    const asked = await connectWithTransport(gateway.url, token, { elicitation: {} });
    const other = await connectWithTransport(gateway.url, token, { elicitation: {} });
    const question = (client: Client, name: string) => {
      let open!: () => void;
      const answering = new Promise<void>((resolve) => (open = resolve));
      const id = new Promise<string | number>((resolve) =>
        client.setRequestHandler(ElicitRequestSchema, async (_request, extra) => {
          resolve(extra.requestId);
          await answering;
          return { action: "accept", content: { name } } as never;
        }),
      );
      return { id, open };
    };
    const mine = question(asked.client, "Ada");
    const theirs = question(other.client, "Grace");
    try {
      const call = asked.client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      const questionId = await mine.id;
      // The other session runs a call of its own meanwhile, on this same instance.
      const otherCall = other.client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      await theirs.id;

      const forged = await postRaw(gateway.url, token, other.sessionId, { jsonrpc: "2.0", id: questionId, result: { action: "accept", content: { name: "Mallory" } } });
      expect(forged.status).toBe(202);
      mine.open();
      const result = JSON.stringify(await call);
      expect(result).toContain("Ada");
      expect(result).not.toContain("Mallory");
      theirs.open();
      expect(JSON.stringify(await otherCall)).toContain("Grace");
    } finally {
      await Promise.all([asked.client.close(), other.client.close()]);
    }
  });
});
