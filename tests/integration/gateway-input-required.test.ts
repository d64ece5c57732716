import { randomUUID } from "node:crypto";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { acceptedContent, inputRequired, inputResponse, type McpServer } from "@modelcontextprotocol/server";
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken, recordedCalls, serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { MODERN_REVISION, postModern } from "../support/modern-request";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * A server of 2026-07-28 only (`legacy: "reject"`) whose tools ask their
 * client for input the modern way: they answer `input_required` with an
 * elicitation, a sampling request or a request for roots, and a
 * `requestState` of their own, and finish when the call comes back with the
 * answer. Through a gateway, a 2025 client (the v1 SDK's) gets each
 * question as the server request of its revision and its answer goes back
 * to the server in `inputResponses`, with the server's `requestState` as the
 * server gave it; a modern client (the v2 SDK's) gets `input_required`.
 * What a client cannot answer is refused with an error that says why.
 */

const NAME = z.object({ name: z.string() });

/** Each requestState the server gave, to tell whether the one that comes back is intact. */
const minted = new Set<string>();
function stateFor(tool: string): string {
  const state = `${tool}:${randomUUID()}`;
  minted.add(state);
  return state;
}
const stateSeen = (raw: unknown) => (typeof raw === "string" && minted.has(raw) ? "state intact" : `state ${JSON.stringify(raw)}`);
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

function askingTools(server: McpServer) {
  server.registerTool("greet", { description: "Asks who is there, then greets them.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answered = acceptedContent(ctx.mcpReq.inputResponses, "who", NAME);
    if (!answered) return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: "Who is there?", requestedSchema: NAME }) }, requestState: stateFor("greet") });
    return text(`Hello, ${answered.name}; ${stateSeen(ctx.mcpReq.requestState())}`);
  });
  server.registerTool("summarize", { description: "Asks the client's model for a summary.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answered = inputResponse(ctx.mcpReq.inputResponses, "summary");
    if (answered.kind !== "sampling") {
      const request = inputRequired.createMessage({ messages: [{ role: "user", content: { type: "text", text: "Summarize the day." } }], maxTokens: 50 });
      return inputRequired({ inputRequests: { summary: request }, requestState: stateFor("summarize") });
    }
    const content = answered.result.content as { text?: string };
    return text(`Summary: ${content.text}; ${stateSeen(ctx.mcpReq.requestState())}`);
  });
  server.registerTool("workspace", { description: "Asks for the client's roots.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answered = inputResponse(ctx.mcpReq.inputResponses, "roots");
    if (answered.kind !== "roots") return inputRequired({ inputRequests: { roots: inputRequired.listRoots() }, requestState: stateFor("workspace") });
    return text(`Roots: ${answered.roots.map((r) => r.uri).join(", ")}; ${stateSeen(ctx.mcpReq.requestState())}`);
  });
  server.registerTool("sign-in", { description: "Sends the person to a page.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answered = inputResponse(ctx.mcpReq.inputResponses, "page");
    if (answered.kind !== "elicit") {
      const page = inputRequired.elicitUrl({ message: "Sign in to continue.", url: "https://example.com/sign-in" });
      return inputRequired({ inputRequests: { page }, requestState: stateFor("sign-in") });
    }
    return text(`Signed in: ${answered.action}; ${stateSeen(ctx.mcpReq.requestState())}`);
  });
}

let upstream: ModernServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [upstream, endpoint] = await Promise.all([startModernServer("reject", askingTools), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([upstream.stop(), endpoint.stop()]);
});

/** The calls of `tool` that reached the server carrying answers: what the gateway sent back. */
const retriesOf = (tool: string) =>
  upstream.requests.filter((r) => r.method === "tools/call" && r.params?.name === tool && r.params.inputResponses !== undefined) as unknown as {
    params: { inputResponses: Record<string, unknown>; requestState?: string };
  }[];

const said = (result: unknown) => ((result as { content: { text: string }[] }).content[0]?.text ?? "");

/** A v1 (2025) client that answers all three questions, and what it was asked. */
async function legacyClient(url: string, token: string, capabilities: Record<string, unknown>) {
  const asked: string[] = [];
  const client = await connectClient(url, token, capabilities);
  if (capabilities.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(`elicitation: ${request.params.message}`);
      return { action: "accept", content: { name: "Ada" } };
    });
  }
  if (capabilities.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      asked.push(`sampling: ${JSON.stringify(request.params.messages[0].content)}`);
      return { role: "assistant", model: "test-model", content: { type: "text", text: "a quiet day" } };
    });
  }
  if (capabilities.roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => {
      asked.push("roots");
      return { roots: [{ uri: "file:///home/ada/project", name: "project" }] };
    });
  }
  return { client, asked };
}

/** A v2 client of 2026-07-28 that answers all three questions, as its SDK does when a result is `input_required`. */
async function modernClient(url: string, token: string) {
  const asked: string[] = [];
  const client = new ModernClient(
    { name: "modern-asked-client", version: "2.0.0" },
    { versionNegotiation: { mode: { pin: MODERN_REVISION } }, capabilities: { elicitation: {}, sampling: {}, roots: {} } },
  );
  client.setRequestHandler("elicitation/create", (request) => {
    asked.push(`elicitation: ${request.params.message}`);
    return { action: "accept", content: { name: "Ada" } } as never;
  });
  client.setRequestHandler("sampling/createMessage", (request) => {
    asked.push(`sampling: ${JSON.stringify(request.params.messages[0].content)}`);
    return { role: "assistant", model: "test-model", content: { type: "text", text: "a quiet day" } } as never;
  });
  client.setRequestHandler("roots/list", () => {
    asked.push("roots");
    return { roots: [{ uri: "file:///home/ada/project", name: "project" }] };
  });
  await client.connect(new ModernTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return { client, asked };
}

const QUESTIONS = [
  ["an elicitation", "greet", "elicitation: Who is there?", "Hello, Ada; state intact"],
  ["a sampling request", "summarize", 'sampling: {"type":"text","text":"Summarize the day."}', "Summary: a quiet day; state intact"],
  ["a request for roots", "workspace", "roots", "Roots: file:///home/ada/project; state intact"],
] as const;

describeEachDatabase("a modern server's input_required, through a gateway, to clients of both revisions", () => {
  let owner: Session;
  let url: string;

  beforeAll(async () => {
    owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Asking", transport: "streamable-http", url: upstream.url } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Asking", servers: [{ serverId: created.json.id, prefix: "asking" }] });
    url = endpoint.url(gateway.slug);
  });

  it.each(QUESTIONS)("puts %s to a 2025 client as its revision's request, and sends the answer back with the server's requestState", async (_, tool, question, answer) => {
    const { client, asked } = await legacyClient(url, await gatewayToken(owner), { elicitation: {}, sampling: {}, roots: {} });
    try {
      const before = retriesOf(tool).length;
      const result = await client.callTool({ name: `asking__${tool}`, arguments: {} });
      expect(asked).toEqual([question]);
      expect(said(result)).toBe(answer);
      // What reached the server: one call with the answer under the server's own key, and its requestState byte for byte.
      const retries = retriesOf(tool).slice(before);
      expect(retries).toHaveLength(1);
      expect(Object.keys(retries[0].params.inputResponses)).toHaveLength(1);
      expect(minted.has(retries[0].params.requestState ?? "")).toBe(true);
    } finally {
      await client.close();
    }
  });

  it.each(QUESTIONS)("puts %s to a modern client as input_required, and completes the call with its answer", async (_, tool, question, answer) => {
    const { client, asked } = await modernClient(url, await gatewayToken(owner));
    try {
      const result = await client.callTool({ name: `asking__${tool}`, arguments: {} });
      expect(asked).toEqual([question]);
      expect(said(result)).toBe(answer);
    } finally {
      await client.close();
    }
  });

  it("gives a modern client the server's question as the server put it, in input_required", async () => {
    const res = await postModern(url, await gatewayToken(owner), "tools/call", { name: "asking__greet", arguments: {} }, { elicitation: {} });
    const { result } = (await res.json()) as { result: { resultType: string; inputRequests: Record<string, unknown>; requestState: string } };
    expect(result.resultType).toBe("input_required");
    expect(Object.values(result.inputRequests)).toEqual([
      { method: "elicitation/create", params: { mode: "form", message: "Who is there?", requestedSchema: expect.objectContaining({ properties: { name: { type: "string" } } }) } },
    ]);
    // The gateway's own state, signed: it carries the call to any instance.
    expect(minted.has(result.requestState)).toBe(false);
  });

  it("refuses a question to a modern client that did not declare it takes it, with the revision's error for it", async () => {
    const res = await postModern(url, await gatewayToken(owner), "tools/call", { name: "asking__summarize", arguments: {} }, { elicitation: {} });
    const { error } = (await res.json()) as { error: { code: number; message: string; data: unknown } };
    expect(error).toMatchObject({ code: -32021, message: expect.stringMatching(/does not support sampling/), data: { requiredCapabilities: { sampling: {} } } });
  });

  it("refuses a question to a 2025 client that did not declare it takes it, with an error that says so, and audits the call", async () => {
    const { client, asked } = await legacyClient(url, await gatewayToken(owner), { sampling: {} });
    try {
      const before = retriesOf("greet").length;
      const refused = await client.callTool({ name: "asking__greet", arguments: {} }).then(
        () => null,
        (err: { code?: number; message: string }) => err,
      );
      expect(refused).toMatchObject({ code: -32021, message: expect.stringMatching(/does not support elicitation, so the request cannot be answered/) });
      expect(asked).toEqual([]);
      expect(retriesOf("greet").slice(before)).toHaveLength(0);
      const events = await recordedCalls(owner.uid, "asking__greet");
      expect(events.at(-1)).toMatchObject({ outcome: "error", error: expect.stringMatching(/does not support elicitation/) });
    } finally {
      await client.close();
    }
  });

  it("refuses a page to open (URL elicitation) to a 2025 client that takes forms only", async () => {
    const { client, asked } = await legacyClient(url, await gatewayToken(owner), { elicitation: {} });
    try {
      const refused = await client.callTool({ name: "asking__sign-in", arguments: {} }).then(
        () => null,
        (err: { code?: number; message: string }) => err,
      );
      expect(refused).toMatchObject({ code: -32021, message: expect.stringMatching(/does not support elicitation by URL/) });
      expect(asked).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
