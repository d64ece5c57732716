import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { count, eq, sql } from "drizzle-orm";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db, useDatabase } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/database";
import { gatewayRelay, gatewaySessions } from "@/lib/db/schema";
import { MAX_SESSIONS_PER_CREDENTIAL } from "@/lib/gateways/endpoint/bounds";
import { requestCounters } from "@/lib/gateways/endpoint/limits";
import { PLANS } from "@/lib/plans/table";
import { connectedApps } from "@/lib/oauth-server/grants";
import { startApiInstance, type ApiInstance } from "../support/api-instances";
import { createPostgresDatabase } from "../support/databases";
import { startEarlyInMinute } from "../support/fixed-window";
import { createGateway, gatewayToken, gatewayTokenWithId, initializeRaw, postRaw, recordedCalls, spendCounter } from "../support/gateway";
import { call } from "../support/http";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { findNginx, startNginx, type RunningNginx } from "../support/nginx";
import { AgentOAuth } from "../support/oauth-agent";
import { signedIn } from "../support/sign-in";

/**
 * One gateway session served by two instances of the service on one
 * PostgreSQL, behind nginx in round robin (no sticky sessions): the SDK's
 * client initializes on one instance and lists and calls on the other, and
 * its answer to the server's question during a call (server-everything's
 * elicitation) lands on the instance that is not running the call and still
 * reaches it (lib/gateways/endpoint/relay.ts). nginx names the instance of
 * each answer (`X-Upstream`). The instances are tests/support/api-instance.ts,
 * each its own process. Then what must hold whichever instance a request
 * reaches (each addressed directly): an answer is taken only from the
 * session asked, a cancellation reaches the call, a token's requests are
 * counted together, and its sessions are ended, past their cap or by
 * another token, alike on both.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.log("two-instance gateway test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)");

/** One request of the client: what it sent (a method, or "answer" for its reply to the server) and the instance that answered. */
interface Served {
  sent: string;
  upstream: string;
}

/** What a POST carries: its JSON-RPC method, or "answer" for a response to the server's request. */
function sentOf(init: RequestInit | undefined): string {
  if (init?.method !== "POST") return init?.method ?? "GET";
  const message = JSON.parse(String(init.body)) as { method?: string };
  return message.method ?? "answer";
}

/** Whether a fetch of the SDK's client carries a request (as opposed to an answer, a notification, a GET or a DELETE). */
function carriesRequest(init: RequestInit | undefined): boolean {
  if (init?.method !== "POST") return false;
  const message = JSON.parse(String(init.body)) as { method?: string; id?: unknown };
  return message.method !== undefined && message.id !== undefined;
}

/** A question of the server that the client answers with `name` once `open` is called; `id` is the id it came with. */
function question(client: Client, name: string) {
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
}

/** Waits until `read` gives `expected`, or gives up after a few seconds with what it gave last. */
async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

(ADMIN_URL ? describe : describe.skip)("a gateway session across two instances behind nginx", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: Database;
  let everything: RunningServer;
  const instances: ApiInstance[] = [];
  let nginx: RunningNginx;
  let origin: string;

  beforeAll(async () => {
    const binary = findNginx();
    if (!binary) throw new Error("nginx is not installed: this test needs Debian's nginx package (apt-get install nginx), as .ci/run installs it");
    created = await createPostgresDatabase(ADMIN_URL!);
    // Migrated here first, so that the two instances starting together find nothing to migrate; the test's own
    // requests (sign-in, servers, gateways, tokens) write to it too.
    handle = await openDatabase({ url: created.url });
    useDatabase(handle);
    everything = await startEverything("streamableHttp");
    // The service's address is nginx's, for the instances and for this process's own requests (OAuth names it).
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    process.env.APP_URL = origin;
    // The test's own data folder, whose secrets the pair shares with this process, not the checkout's.
    const env = { DATABASE_URL: created.url, MONITOR_SCHEDULER: "false", APP_URL: origin, DATA_DIR: process.env.DATA_DIR! };
    instances.push(...(await Promise.all([startApiInstance(env), startApiInstance(env)])));
    nginx = await startNginx(binary, port, instances.map((i) => i.port));
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await everything?.stop();
    useDatabase(undefined);
    await handle?.close();
    await created?.drop();
  });

  it("initializes on one instance, lists and calls on the other, and the client's answer reaches the call from the other", async () => {
    const owner = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(server.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Two instances", servers: [{ serverId: server.json.id, prefix: "everything" }] });
    const token = await gatewayToken(owner);

    const served: Served[] = [];
    const client = new Client({ name: "two-instance-client", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/mcp/${gateway.slug}`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          served.push({ sent: sentOf(init), upstream: res.headers.get("x-upstream") ?? "" });
          return res;
        },
      }),
    );
    try {
      const initializedOn = served.find((s) => s.sent === "initialize")!.upstream;

      for (let i = 0; i < 2; i++) {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain("everything__echo");
        const echoed = await client.callTool({ name: "everything__echo", arguments: { message: `round ${i}` } });
        expect(echoed.content).toEqual([{ type: "text", text: `Echo: round ${i}` }]);
      }
      const listsAndCalls = served.filter((s) => s.sent === "tools/list" || s.sent === "tools/call");
      expect(new Set(listsAndCalls.map((s) => s.upstream)).size).toBe(2);
      expect(listsAndCalls.some((s) => s.upstream !== initializedOn)).toBe(true);

      // The server asks the client during the call; the client's answer is a POST of its own, which nginx gives to the
      // next instance in turn: the one that is not holding the call.
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        expect(request.params.message).toBeTruthy();
        return { action: "accept", content: { name: "Ada across instances" } } as never;
      });
      const rounds: { call: string; answer: string }[] = [];
      for (let i = 0; i < 2; i++) {
        const before = served.length;
        const elicited = await client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
        expect(JSON.stringify(elicited.content)).toContain("Ada across instances");
        const round = served.slice(before);
        rounds.push({ call: round.find((s) => s.sent === "tools/call")!.upstream, answer: round.find((s) => s.sent === "answer")!.upstream });
      }
      expect(rounds.every((r) => r.call !== r.answer)).toBe(true);

      // Both instances served the session, and each elicitation call is audited once, as answered.
      expect(new Set(nginx.upstreams())).toEqual(new Set(instances.map((i) => `127.0.0.1:${i.port}`)));
      const elicitations = await recordedCalls(owner.uid, "everything__trigger-elicitation-request");
      expect(elicitations).toEqual([expect.objectContaining({ outcome: "ok" }), expect.objectContaining({ outcome: "ok" })]);
    } finally {
      await client.close();
    }
  });

  it("completes a modern client's call whose server asks during it, with the rounds on both instances: the requestState carries all, no session", async () => {
    const owner = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    const gateway = await createGateway(owner, { name: "Modern across instances", servers: [{ serverId: server.json.id, prefix: "everything" }] });
    const token = await gatewayToken(owner);
    const calls: string[] = [];
    const client = new ModernClient({ name: "modern-two-instances", version: "2.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: {} } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Ada in two rounds" } }) as never);
    await client.connect(
      new ModernTransport(new URL(`${origin}/mcp/${gateway.slug}`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (sentOf(init) === "tools/call") calls.push(res.headers.get("x-upstream") ?? "");
          return res;
        },
      }),
    );
    try {
      const elicited = await client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      expect(JSON.stringify(elicited.content)).toContain("Ada in two rounds");
      // The call, stopped at the question, and its retry with the answer: one on each instance, in nginx's turn.
      expect(calls).toHaveLength(2);
      expect(new Set(calls).size).toBe(2);
      const [{ sessions }] = await (await db()).select({ sessions: count() }).from(gatewaySessions).where(eq(gatewaySessions.gatewayId, gateway.id));
      expect(sessions).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("signs an OAuth client in across both instances: discovery, registration, consent, tokens and refresh land anywhere, and a revocation on one refuses the next call on the other", async () => {
    const owner = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    const gateway = await createGateway(owner, { name: "OAuth across instances", servers: [{ serverId: server.json.id, prefix: "everything" }] });
    const url = new URL(`${origin}/mcp/${gateway.slug}`);
    const upstreams: string[] = [];
    const fetchVia = async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init);
      upstreams.push(res.headers.get("x-upstream") ?? "");
      return res;
    };

    const agent = new AgentOAuth("http://127.0.0.1:7777/callback", "Agent across instances");
    const first = new StreamableHTTPClientTransport(url, { authProvider: agent, fetch: fetchVia });
    await expect(new Client({ name: "agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const consent = await fetchVia(agent.authorizationUrl!, { redirect: "manual" });
    const id = new URL(consent.headers.get("location")!, origin).pathname.split("/").pop()!;
    const allowed = await fetchVia(`${origin}/api/oauth/authorizations/${id}`, {
      method: "POST",
      headers: { ...owner.headers, origin, "content-type": "application/json" },
      body: JSON.stringify({ decision: "allow" }),
    });
    expect(allowed.status).toBe(200);
    await first.finishAuth(new URL(((await allowed.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!);

    const client = new Client({ name: "agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: agent, fetch: fetchVia }));
    for (let i = 0; i < 2; i++) {
      const echoed = await client.callTool({ name: "everything__echo", arguments: { message: `oauth ${i}` } });
      expect(echoed.content).toEqual([{ type: "text", text: `Echo: oauth ${i}` }]);
    }
    // A refused access token is refreshed, on whichever instance the token request lands.
    agent.saved = { ...agent.saved!, access_token: `${agent.saved!.access_token}x` };
    await client.listTools();
    expect(agent.history).toHaveLength(2);
    expect(new Set(upstreams.filter(Boolean)).size).toBe(2);

    // Revoked through one instance: the next call on each instance is refused.
    const [grant] = await connectedApps(owner);
    const revoked = await fetch(`${origin}/api/user/connected-apps/${grant.id}`, { method: "DELETE", headers: { ...owner.headers, origin } });
    expect(revoked.status).toBe(200);
    const ping = () =>
      fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${agent.saved!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    const after = [await ping(), await ping()];
    expect(after.map((r) => r.status)).toEqual([401, 401]);
    expect(new Set(after.map((r) => r.headers.get("x-upstream"))).size).toBe(2);
    await client.close();
  });

  /** The owner, a gateway of server-everything, and its endpoint on each instance, addressed directly. */
  async function gatewayOnBoth() {
    const owner = await signedIn("pro");
    const server = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(server.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Direct to each", servers: [{ serverId: server.json.id, prefix: "everything" }] });
    return { owner, gateway, urls: instances.map((i) => `${i.origin}/mcp/${gateway.slug}`) };
  }

  it("takes the answer to a question only from the session asked, on whichever instance it lands; a cancellation reaches the call on the other instance; nothing stays stored", async () => {
    const { owner, urls } = await gatewayOnBoth();
    const [holding, other] = urls;
    const token = await gatewayToken(owner);
    const headers = { authorization: `Bearer ${token}` };
    // Asked: its requests go to one instance, its answers and notifications to the other.
    const asked = new Client({ name: "split-client", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    await asked.connect(
      new StreamableHTTPClientTransport(new URL(holding), { requestInit: { headers }, fetch: (_input, init) => fetch(carriesRequest(init) ? holding : other, init) }),
    );
    // Another session of the same token, all on the instance holding the call.
    const otherTransport = new StreamableHTTPClientTransport(new URL(holding), { requestInit: { headers } });
    const bystander = new Client({ name: "same-token-client", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    await bystander.connect(otherTransport);
    const mine = question(asked, "Ada");
    const theirs = question(bystander, "Grace");
    try {
      const call = asked.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      const questionId = await mine.id;
      const otherCall = bystander.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
      await theirs.id;

      // The other session answers the question on the instance not holding it: nothing is stored, nothing reaches the call.
      const forged = await postRaw(other, token, otherTransport.sessionId!, { jsonrpc: "2.0", id: questionId, result: { action: "accept", content: { name: "Mallory" } } });
      expect(forged.status).toBe(202);
      // (Were it stored, the instance holding the call would take it at once.)
      const forgedRows = () => db().then(async (d) => (await d.select({ n: count() }).from(gatewayRelay).where(sql`${gatewayRelay.message}->>'id' = ${String(questionId)}`))[0].n);
      expect(await settled(forgedRows, 0)).toBe(0);
      // The session asked answers, on the other instance too: its answer reaches the call.
      mine.open();
      const result = JSON.stringify(await call);
      expect(result).toContain("Ada");
      expect(result).not.toContain("Mallory");
      theirs.open();
      expect(JSON.stringify(await otherCall)).toContain("Grace");

      // A cancellation posted to the other instance ends the call where it runs.
      const control = new AbortController();
      const running = asked.callTool({ name: "everything__trigger-long-running-operation", arguments: { duration: 30, steps: 30 } }, undefined, {
        signal: control.signal,
        onprogress: () => control.abort(),
      });
      await expect(running).rejects.toThrow();
      const [cancelled] = await recordedCalls(owner.uid, "everything__trigger-long-running-operation");
      expect(cancelled).toMatchObject({ outcome: "cancelled" });
      const rows = () => db().then(async (d) => (await d.select({ n: count() }).from(gatewayRelay))[0].n);
      expect(await settled(rows, 0)).toBe(0);
    } finally {
      await Promise.all([asked.close(), bystander.close()]);
    }
  });

  it("counts a token's requests on both instances together, and ends its sessions past the cap, or refuses another token's DELETE, alike on both", async () => {
    const { owner, gateway, urls } = await gatewayOnBoth();
    const a = await gatewayTokenWithId(owner);
    const b = await gatewayTokenWithId(owner);
    const requests = PLANS.pro.gatewayRequestsPerMinute;

    // Its session, used on both instances (each keeps it a while); another token's DELETE is refused on both.
    const session = await initializeRaw(urls[0], a.token);
    for (const url of urls) {
      expect((await postRaw(url, a.token, session, { jsonrpc: "2.0", id: 1, method: "ping" })).status).toBe(200);
      expect((await fetch(url, { method: "DELETE", headers: { authorization: `Bearer ${b.token}`, "mcp-session-id": session } })).status).toBe(404);
    }

    // The cap reached through one instance ends the oldest session on the other too.
    for (let i = 0; i < MAX_SESSIONS_PER_CREDENTIAL; i++) await initializeRaw(urls[i % 2], a.token);
    for (const url of urls) expect((await postRaw(url, a.token, session, { jsonrpc: "2.0", id: 2, method: "ping" })).status).toBe(404);

    // One minute for the token, whichever instance counts it.
    await startEarlyInMinute();
    const fresh = await initializeRaw(urls[0], b.token);
    await spendCounter(requestCounters(owner.uid, gateway.id, { tokenId: b.id, grantId: null }).credentialKey, requests - 2);
    const statuses: number[] = [];
    for (const url of [...urls, ...urls]) statuses.push((await postRaw(url, b.token, fresh, { jsonrpc: "2.0", id: 3, method: "ping" })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
