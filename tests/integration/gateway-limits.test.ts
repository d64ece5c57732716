import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { count, eq } from "drizzle-orm";
import { POST as decidePOST } from "@/app/api/oauth/authorizations/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { gatewayRelay } from "@/lib/db/schema";
import { MAX_PENDING_ANSWERS_PER_CREDENTIAL } from "@/lib/gateways/endpoint/bounds";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayTokenWithId, initializeRaw, postRaw, serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";
import { signedIn, type Session } from "../support/sign-in";

/**
 * What a gateway's clients may make it store, and whose messages it takes:
 * nothing stored for a message no request awaits, a server's questions
 * capped per token; a session ended only by the credential that opened it,
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

const notification = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", method, params });
const ping = (id: number | string = 1) => ({ jsonrpc: "2.0", id, method: "ping" });

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
