import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as decidePOST } from "@/app/api/oauth/authorizations/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { createGateway, gatewayTokenWithId, initializeRaw, postRaw, serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";
import { signedIn, type Session } from "../support/sign-in";

/**
 * Whose messages a gateway takes: a session is ended only by the
 * credential that opened it. The SDK's own client where it can do what is
 * tested, raw HTTP where a client would have to misbehave.
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
});
