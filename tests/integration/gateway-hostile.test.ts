import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken, recordedCalls, serveGateways, type Endpoint } from "../support/gateway";
import { startHostileServer, type HostileServer } from "../support/hostile-servers";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * A gateway in front of servers that turn hostile in the middle of a call
 * (tests/support/hostile-servers.ts: registered and listed normally, then a
 * `tools/call` that hangs, or that floods the gateway with a gigabyte), and
 * a client that goes away in the middle of one. The client gets a JSON-RPC
 * error that says what happened before its own timeout (the SDK's 60 s),
 * the session's other calls are answered meanwhile, and each call is
 * audited with its outcome.
 */

// The gateway's wait on a silent server, short here (read at the first use of the configuration).
process.env.GATEWAY_CALL_TIMEOUT_SEC = "2";
afterAll(() => {
  delete process.env.GATEWAY_CALL_TIMEOUT_SEC;
});

let everything: RunningServer;
let hostile: HostileServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [everything, hostile, endpoint] = await Promise.all([startEverything("streamableHttp"), startHostileServer(), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([everything.stop(), hostile.stop(), endpoint.stop()]);
});

async function addServer(who: Session, name: string, url: string): Promise<string> {
  const res = await call(serversPOST, "/api/servers", { headers: who.headers, body: { name, transport: "streamable-http", url } });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

async function refusal(work: Promise<unknown>): Promise<McpError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

interface CallEvent {
  item: string;
  outcome: string;
  error?: string;
}

describeEachDatabase("a gateway in front of servers that misbehave mid-call", () => {
  let owner: Session;
  let url: string;
  let token: string;
  let client: Client;

  beforeAll(async () => {
    owner = await signedIn("pro");
    const [everythingId, hangId, floodId] = await Promise.all([
      addServer(owner, "Everything", `${everything.origin}/mcp`),
      addServer(owner, "Hangs mid-call", hostile.url("hang", { onCall: true })),
      addServer(owner, "Floods mid-call", hostile.url("gigabyte", { onCall: true })),
    ]);
    const gateway = await createGateway(owner, {
      name: "Hostile",
      servers: [
        { serverId: everythingId, prefix: "everything" },
        { serverId: hangId, prefix: "hang" },
        { serverId: floodId, prefix: "flood" },
      ],
    });
    url = endpoint.url(gateway.slug);
    token = await gatewayToken(owner);
    client = await connectClient(url, token);
  });
  afterAll(() => client?.close());

  /** The gateway.call events of `item`, oldest first. */
  async function audited(item: string): Promise<CallEvent[]> {
    return (await recordedCalls(owner.uid, item)) as unknown as CallEvent[];
  }

  const echo = async (message: string) => {
    const result = await client.callTool({ name: "everything__echo", arguments: { message } });
    expect(result.content).toEqual([{ type: "text", text: `Echo: ${message}` }]);
  };

  it("tells the client that a server hung mid-call, before the client gives up, and answers the session's other calls meanwhile", async () => {
    const hung = client.callTool({ name: "hang__echo", arguments: { message: "anyone there?" } });
    await echo("meanwhile");
    const err = await refusal(hung);
    // The gateway's error (-32020, naming the server), not the client's own timeout (-32001).
    expect(err.code).toBe(-32020);
    expect(err.message).toMatch(/^MCP error -32020: Hangs mid-call: The server at .+ did not answer within 2 s\.$/);
    expect(await audited("hang__echo")).toEqual([expect.objectContaining({ outcome: "error", error: expect.stringContaining("did not answer") })]);
    await echo("after the hang");
  });

  it("ends a call whose server floods it past the size limit, with an error that says so", async () => {
    const [flooded] = await Promise.all([refusal(client.callTool({ name: "flood__echo", arguments: { message: "a little" } })), echo("beside the flood")]);
    expect(flooded.code).toBe(-32020);
    expect(flooded.message).toMatch(/^MCP error -32020: Floods mid-call: The server's answer is larger than 5 MB/);
    expect(await audited("flood__echo")).toEqual([expect.objectContaining({ outcome: "error", error: expect.stringContaining("larger than 5 MB") })]);
    await echo("after the flood");
  });

  it("cancels the call when the client goes away mid-call, and audits it as cancelled", async () => {
    const { sessionId, protocolVersion } = client.transport as StreamableHTTPClientTransport;
    const gone = new AbortController();
    const res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sessionId!,
        "mcp-protocol-version": protocolVersion!,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: "long",
        method: "tools/call",
        params: { name: "everything__trigger-long-running-operation", arguments: { duration: 30, steps: 30 }, _meta: { progressToken: "p" } },
      }),
      signal: gone.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    // Gone once the server is surely at work: its first progress came through.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes("notifications/progress")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before any progress: ${seen}`);
      seen += decoder.decode(value, { stream: true });
    }
    gone.abort();

    let events: CallEvent[] = [];
    for (let i = 0; i < 100 && events.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      events = await audited("everything__trigger-long-running-operation");
    }
    expect(events).toEqual([expect.objectContaining({ outcome: "cancelled" })]);
    await echo("after the client went away");
  });
});
