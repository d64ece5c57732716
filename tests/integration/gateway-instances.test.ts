import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { POST as serversPOST } from "@/app/api/servers/route";
import { useDatabase } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/database";
import { connectedApps } from "@/lib/oauth-server/grants";
import { startApiInstance, type ApiInstance } from "../support/api-instances";
import { createPostgresDatabase } from "../support/databases";
import { createGateway, gatewayToken, recordedCalls } from "../support/gateway";
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
 * each its own process.
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
    const env = { DATABASE_URL: created.url, MONITOR_SCHEDULER: "false", APP_URL: origin };
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
});
