import { randomUUID } from "node:crypto";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken, serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { startHttpServer } from "../support/mcp-server";
import { signedIn } from "../support/sign-in";

/**
 * A server that asks for the client's roots as soon as it can, before any
 * call: here while it answers `tools/list`, which is what a gateway sends
 * first on a new connection (it checks the server's definitions before the
 * first call); or, as server-everything does, on its own between calls,
 * keeping its first answer. The client's roots are the answer, as during a
 * call; the server keeps what it was told and its `roots` tool says it.
 */
interface RootsServer {
  url: string;
  told: unknown[];
  /** Settles once the server's next question asked between calls has been answered or refused. */
  nextAskBetweenCalls(): Promise<void>;
  stop(): Promise<void>;
}

async function startRootsServer(when: "while listing" | "between calls" = "while listing"): Promise<RootsServer> {
  const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const { CallToolRequestSchema, ListRootsResultSchema, ListToolsRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
  const told: unknown[] = [];
  let askedBetweenCalls = () => {};
  const nextAskBetweenCalls = () => new Promise<void>((resolve) => (askedBetweenCalls = resolve));
  // Stateful, as a server that asks its client must be: the client's answer comes back in a request of its own.
  const sessions = new Map<string, InstanceType<typeof StreamableHTTPServerTransport>>();
  const server = await startHttpServer(async (req, res) => {
    const id = req.headers["mcp-session-id"];
    const known = typeof id === "string" ? sessions.get(id) : undefined;
    if (known) return void (await known.handleRequest(req, res));
    const mcp = new Server({ name: "roots-early", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
      if (when === "while listing") {
        // A client that keeps no roots (the console's discovery) answers with an error: the list goes on.
        const answer = await extra.sendRequest({ method: "roots/list" }, ListRootsResultSchema, { timeout: 2_000 }).catch(() => undefined);
        if (answer) told.push(answer.roots);
      }
      return { tools: [{ name: "roots", description: "Says which roots the client gave.", inputSchema: { type: "object", properties: {} } }] };
    });
    let calls = 0;
    mcp.setRequestHandler(CallToolRequestSchema, async (_request, extra) => {
      if (when === "while listing") return { content: [{ type: "text", text: JSON.stringify(told.at(-1) ?? null) }] };
      calls += 1;
      if (calls === 1) {
        // Asked on its own once this call has been answered; the first answer is kept, as server-everything keeps it.
        setTimeout(() => void mcp.listRoots().then((answer) => told.push(answer.roots), () => {}).finally(() => askedBetweenCalls()), 300);
        return { content: [{ type: "text", text: "first call" }] };
      }
      if (told.length === 0) told.push((await extra.sendRequest({ method: "roots/list" }, ListRootsResultSchema, { timeout: 2_000 })).roots);
      return { content: [{ type: "text", text: JSON.stringify(told[0]) }] };
    });
    const transport: InstanceType<typeof StreamableHTTPServerTransport> = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  return { url: `${server.origin}/mcp`, told, nextAskBetweenCalls, stop: server.stop };
}

let upstream: RootsServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [upstream, endpoint] = await Promise.all([startRootsServer(), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([upstream.stop(), endpoint.stop()]);
});

describe("a gateway in front of a server that asks for roots between calls", () => {
  let asksLater: RootsServer;
  beforeAll(async () => {
    asksLater = await startRootsServer("between calls");
  });
  afterAll(() => asksLater.stop());

  // Answering "none" with no call to ask a client for would be kept by the server for good.
  it("refuses the question when no call is running, so that the server asks again during the next call", async () => {
    const owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Roots later", transport: "streamable-http", url: asksLater.url } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Roots later", servers: [{ serverId: created.json.id, prefix: "later" }] });
    const client = await connectClient(endpoint.url(gateway.slug), await gatewayToken(owner), { roots: {} });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: "file:///home/ada/project", name: "project" }] }));
    try {
      const asked = asksLater.nextAskBetweenCalls();
      expect(JSON.stringify((await client.callTool({ name: "later__roots", arguments: {} })).content)).toContain("first call");
      await asked;
      const said = await client.callTool({ name: "later__roots", arguments: {} });
      expect(JSON.stringify(said.content)).toContain("file:///home/ada/project");
    } finally {
      await client.close();
    }
  });
});

describeEachDatabase("a gateway in front of a server that asks for roots before the first call", () => {
  it("answers with the gateway client's roots while it checks the server's definitions", async () => {
    const owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Roots early", transport: "streamable-http", url: upstream.url } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Roots", servers: [{ serverId: created.json.id, prefix: "early" }] });
    const client = await connectClient(endpoint.url(gateway.slug), await gatewayToken(owner), { roots: {} });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: "file:///home/ada/project", name: "project" }] }));
    try {
      const said = await client.callTool({ name: "early__roots", arguments: {} });
      expect(JSON.stringify(said.content)).toContain("file:///home/ada/project");
    } finally {
      await client.close();
    }
  });
});
