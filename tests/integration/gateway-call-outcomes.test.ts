import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { GET as callsGET } from "@/app/api/gateways/[id]/calls/route";
import { GET as statsGET } from "@/app/api/gateways/[id]/stats/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import type { GatewayCallDto } from "@/lib/gateways/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { connectClient, createGateway, gatewayToken, recordedCalls, serveGateways, type Endpoint } from "../support/gateway";
import { MODERN_REVISION } from "../support/modern-request";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * What the owner reads of a call that came back but did not do what was
 * asked: a tool's result with `isError`, and a call whose server asked the
 * client a question the client declined or cancelled. The agent gets the
 * server's answer as it was; the gateway's log, its charts and its error
 * count say "error", for clients of both revisions (the v1 SDK's client
 * speaks 2025, the v2 SDK's 2026-07-28), in front of server-everything. A
 * modern client's round that ended at the server's question is neither: it
 * is logged as "input required".
 */

let everything: RunningServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [everything, endpoint] = await Promise.all([startEverything("streamableHttp"), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([everything.stop(), endpoint.stop()]);
});

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };

/** A 2025 client (v1 SDK) that answers every elicitation with `answer`. */
async function legacyClient(url: string, token: string, answer: Answer) {
  const client = await connectClient(url, token, { elicitation: {} });
  client.setRequestHandler(ElicitRequestSchema, () => answer as never);
  return client;
}

/** A client of 2026-07-28 (v2 SDK) that answers every elicitation (sent as input_required) with `answer`. */
async function modernClient(url: string, token: string, answer: Answer) {
  const client = new ModernClient({ name: "modern-outcome-client", version: "2.0.0" }, { versionNegotiation: { mode: { pin: MODERN_REVISION } }, capabilities: { elicitation: {} } });
  client.setRequestHandler("elicitation/create", () => answer as never);
  await client.connect(new ModernTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

const text = (result: unknown) => JSON.stringify((result as { content?: unknown }).content ?? result);

describeEachDatabase("a gateway's calls that failed in their answer", () => {
  let owner: Session;
  let gateway: { id: string; slug: string };
  let url: string;

  beforeAll(async () => {
    owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status).toBe(201);
    gateway = await createGateway(owner, { name: "Outcomes", servers: [{ serverId: created.json.id, prefix: "all" }] });
    url = endpoint.url(gateway.slug);
  });

  /** The gateway's log, newest first, once the outcomes of its calls are written (they follow the answer). */
  const logged = async () => {
    for (const end = Date.now() + 5_000; ; ) {
      const calls = (await call(callsGET, `/api/gateways/${gateway.id}/calls`, { headers: owner.headers, params: { id: gateway.id } })).json.calls as GatewayCallDto[];
      if (calls.every((c) => c.outcome !== "running") || Date.now() > end) return calls;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const errorsToday = async () => (await call(statsGET, `/api/gateways/${gateway.id}/stats?range=24h`, { headers: owner.headers, params: { id: gateway.id } })).json.totals.errors as number;

  const clients = [
    ["a 2025 client", legacyClient],
    ["a 2026-07-28 client", modernClient],
  ] as const;

  it.each(clients)("logs a tool result with isError as an error, with what the tool said, for %s", async (_, connect) => {
    const client = await connect(url, await gatewayToken(owner), { action: "accept" });
    try {
      const errorsBefore = await errorsToday();
      // server-everything's echo takes a string: the server answers a number with an error result, not a JSON-RPC error.
      const result = await client.callTool({ name: "all__echo", arguments: { message: 42 } as never });
      expect(result.isError).toBe(true);
      const [event] = (await recordedCalls(owner.uid, "all__echo")).slice(-1);
      expect(event).toMatchObject({ outcome: "error", error: expect.stringMatching(/^Error: /) });
      expect((await logged())[0]).toMatchObject({ item: "all__echo", outcome: "error", error: expect.stringMatching(/^Error: /) });
      expect(await errorsToday()).toBe(errorsBefore + 1);

      // A result without isError stays a success.
      const ok = await client.callTool({ name: "all__echo", arguments: { message: "fine" } });
      expect(text(ok)).toContain("fine");
      expect((await logged())[0]).toMatchObject({ item: "all__echo", outcome: "ok", error: null });
      expect(await errorsToday()).toBe(errorsBefore + 1);
    } finally {
      await client.close();
    }
  });

  it.each(clients)("logs a call whose elicitation %s declined or cancelled as an error, and still gives it the server's answer", async (_, connect) => {
    for (const action of ["decline", "cancel"] as const) {
      const client = await connect(url, await gatewayToken(owner), { action });
      try {
        const errorsBefore = await errorsToday();
        const callsBefore = (await logged()).length;
        const result = await client.callTool({ name: "all__trigger-elicitation-request", arguments: {} });
        expect(result.isError).not.toBe(true);
        expect(text(result)).toMatch(action === "decline" ? /declined/i : /cancel/i);
        const [last] = await logged();
        expect(last).toMatchObject({
          item: "all__trigger-elicitation-request",
          outcome: "error",
          error: expect.stringMatching(new RegExp(`^The client ${action === "decline" ? "declined" : "cancelled"} the server's question`)),
        });
        // One error, for clients of both revisions: a modern client's first round, which ended at the question, is none.
        expect(await errorsToday()).toBe(errorsBefore + 1);
        expect((await logged()).length - callsBefore).toBe(connect === modernClient ? 2 : 1);
      } finally {
        await client.close();
      }
    }
    // Accepted, the same call is a success.
    const client = await connect(url, await gatewayToken(owner), { action: "accept", content: { name: "Ada" } });
    try {
      await client.callTool({ name: "all__trigger-elicitation-request", arguments: {} });
      expect((await logged())[0]).toMatchObject({ item: "all__trigger-elicitation-request", outcome: "ok" });
    } finally {
      await client.close();
    }
  });

  it("logs the first round of a modern client's call, which ended at the server's question, as input required: a call, not an error", async () => {
    const client = await modernClient(url, await gatewayToken(owner), { action: "accept", content: { name: "Ada" } });
    try {
      const errorsBefore = await errorsToday();
      const callsBefore = (await logged()).length;
      const result = await client.callTool({ name: "all__trigger-elicitation-request", arguments: {} });
      expect(text(result)).toMatch(/accept/i);
      const [answered, asked] = await logged();
      expect((await logged()).length - callsBefore).toBe(2);
      expect(asked).toMatchObject({ item: "all__trigger-elicitation-request", outcome: "input_required", error: null, client: "modern-outcome-client 2.0.0" });
      expect(answered).toMatchObject({ item: "all__trigger-elicitation-request", outcome: "ok", error: null });
      const [event] = (await recordedCalls(owner.uid, "all__trigger-elicitation-request")).slice(-2);
      expect(event).toMatchObject({ outcome: "input_required", asked: ["elicitation/create"] });
      expect(event).not.toHaveProperty("error");
      expect(await errorsToday()).toBe(errorsBefore);
    } finally {
      await client.close();
    }
  });

  it("logs a call whose elicitation the gateway refused (the client takes none) as an error that says why", async () => {
    const client = await connectClient(url, await gatewayToken(owner), {});
    try {
      await client.callTool({ name: "all__trigger-elicitation-request", arguments: {} });
      expect((await logged())[0]).toMatchObject({ item: "all__trigger-elicitation-request", outcome: "error", error: expect.stringMatching(/does not support elicitation/) });
    } finally {
      await client.close();
    }
  });
});
