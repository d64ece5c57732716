import { NextRequest } from "next/server";
import { z } from "zod";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { GET as eventsGET } from "@/app/api/servers/[id]/events/route";
import { DELETE as unsubscribeDELETE, POST as subscribePOST } from "@/app/api/servers/[id]/subscriptions/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { POST as replyPOST } from "@/app/api/workbench/requests/[id]/route";
import { ndjsonLines } from "@/lib/api-contract/ndjson";
import { workbenchPool } from "@/lib/upstream/pool";
import { serverRequests } from "@/lib/workbench/server-requests";
import { lastLine, textOf, untilAsked } from "../support/call-stream";
import type { CallStreamLine, ServerEventLine } from "@/lib/workbench/schema";
import { describeEachDatabase } from "../support/databases";
import { call, ORIGIN } from "../support/http";
import { inputTools, type InputRound } from "../support/modern-input-tools";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * The workbench with a server that speaks only MCP 2026-07-28. A tool that
 * asks for input answers `input_required` instead of sending a request of
 * its own: the person gets the same form (or model answer to write) as for
 * a 2025 server's request, answers it through the same route, and the call
 * is retried with the answer and the server's state, untouched. Each answer
 * names the revision it was spoken in, and carries the server's cache hint.
 */

let server: ModernServer;
const rounds: InputRound[] = [];

beforeAll(async () => {
  const tools = await inputTools(rounds);
  server = await startModernServer("reject", (mcp) => {
    tools(mcp);
    // Logs at each level; the request's own level decides which reach the client.
    mcp.server.registerCapabilities({ logging: {} });
    mcp.registerTool("chatty", { description: "Logs at four levels.", inputSchema: z.object({}) }, async (_args, ctx) => {
      for (const level of ["debug", "info", "warning", "error"] as const) await ctx.mcpReq.log(level, `a ${level} message`);
      return { content: [{ type: "text", text: "said it all" }] };
    });
    mcp.registerResource("menu", "menu://today", { mimeType: "text/plain", cacheHint: { ttlMs: 300_000, cacheScope: "public" } }, () => ({
      contents: [{ uri: "menu://today", mimeType: "text/plain", text: "Soup and bread" }],
    }));
    mcp.registerPrompt("greeting", { description: "Says hello." }, () => ({ messages: [{ role: "user", content: { type: "text", text: "Hello" } }] }));
    mcp.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  });
}, 30_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  await server?.stop();
});

function streamCall(who: Session, id: string, body: unknown): AsyncGenerator<CallStreamLine> {
  const req = new NextRequest(`${ORIGIN}/api/servers/${id}/call`, {
    method: "POST",
    headers: { ...who.headers, "content-type": "application/json", accept: "application/x-ndjson", origin: ORIGIN },
    body: JSON.stringify(body),
  });
  return (async function* () {
    const res = await callPOST(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    yield* ndjsonLines<CallStreamLine>(res.body!);
  })();
}


const toolCall = (name: string, extra: Record<string, unknown> = {}) => ({ method: "tools/call", params: { name, arguments: {} }, ...extra });

describeEachDatabase("the workbench with a modern server", () => {
  let owner: Session;
  let id: string;
  const reply = (replyId: string, body: unknown) => call(replyPOST, `/api/workbench/requests/${replyId}`, { headers: owner.headers, body, params: { id: replyId } });

  beforeAll(async () => {
    owner = await signedIn("pro");
    const res = await call(createPOST, "/api/servers", { headers: owner.headers, body: { name: "Modern bookings", transport: "streamable-http", url: server.url } });
    expect(res.status).toBe(201);
    id = res.json.id as string;
  });

  beforeEach(() => {
    rounds.length = 0;
  });

  it("puts the form to the person, and retries with the answer and the server's state untouched", async () => {
    const lines = streamCall(owner, id, toolCall("book-table", { timeoutMs: 1_000 }));
    const asked = await untilAsked(lines);
    expect(asked).toMatchObject({ kind: "elicitation", params: { message: "Who is the table for?", requestedSchema: { required: ["name", "guests"] } } });

    // The answer is checked against the server's schema, as for a 2025 server's request.
    expect((await reply(asked.id, { action: "accept", content: { name: "Ada", guests: 40 } })).status).toBe(400);
    // Longer than the call's 1 s timeout: the call waits for the person, not for the server.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await reply(asked.id, { action: "accept", content: { name: "Ada", guests: 4 } })).status).toBe(200);

    const last = await lastLine(lines);
    expect(textOf(last)).toBe("Table booked for Ada, 4 guests.");
    expect(rounds).toHaveLength(2);
    expect(rounds[1]).toEqual({ tool: "book-table", echoed: rounds[0].minted, inputResponses: { answer: { action: "accept", content: { name: "Ada", guests: 4 } } } });
    // The exchange shown is the retry that completed, not the first request.
    expect(last?.type === "result" && last.exchange).toMatchObject({
      request: { method: "tools/call", params: { requestState: rounds[0].minted, inputResponses: { answer: { action: "accept" } } } },
      response: { result: { content: [{ text: "Table booked for Ada, 4 guests." }] } },
    });
    expect(serverRequests().size).toBe(0);
  });

  it("passes a decline on to the server", async () => {
    const lines = streamCall(owner, id, toolCall("book-table"));
    const asked = await untilAsked(lines);
    expect((await reply(asked.id, { action: "decline" })).status).toBe(200);
    expect(textOf(await lastLine(lines))).toBe("No table booked: the person chose decline.");
    expect(rounds[1]).toMatchObject({ echoed: rounds[0].minted, inputResponses: { answer: { action: "decline" } } });
  });

  it("asks the person to answer in the model's place for sampling", async () => {
    const lines = streamCall(owner, id, toolCall("summarize"));
    const asked = await untilAsked(lines);
    expect(asked.kind).toBe("sampling");
    expect(JSON.stringify(asked.params.messages)).toContain("Summarize the menu");
    expect((await reply(asked.id, { action: "accept", text: "Soup and bread.", model: "by-hand" })).status).toBe(200);
    expect(textOf(await lastLine(lines))).toBe("Summary by by-hand: Soup and bread.");
    expect(rounds[1].echoed).toBe(rounds[0].minted);
  });

  it("ends the call when the person rejects a sampling request, which a retry could not carry", async () => {
    const lines = streamCall(owner, id, toolCall("summarize"));
    const asked = await untilAsked(lines);
    expect((await reply(asked.id, { action: "decline" })).status).toBe(200);
    const last = await lastLine(lines);
    expect(last).toMatchObject({ type: "error", message: expect.stringContaining("The user rejected the sampling request.") });
    expect(rounds).toHaveLength(1);
  });

  it("gives the server the call's roots", async () => {
    const lines = streamCall(owner, id, toolCall("show-roots", { roots: [{ uri: "file:///home/ada/project", name: "project" }] }));
    expect(textOf(await lastLine(lines))).toBe("Roots: file:///home/ada/project");
  });

  it("names the revision of each answer, and gives a resource's cache hint with it", async () => {
    const read = await call(callPOST, `/api/servers/${id}/call`, { headers: owner.headers, params: { id }, body: { method: "resources/read", params: { uri: "menu://today" } } });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ protocolVersion: "2026-07-28", result: { ttlMs: 300_000, cacheScope: "public", contents: [{ text: "Soup and bread" }] } });
    const lines = streamCall(owner, id, { method: "tools/call", params: { name: "echo", arguments: { message: "hi" } } });
    expect(await lastLine(lines)).toMatchObject({ type: "result", protocolVersion: "2026-07-28" });
  });

  it("gives each request the log level asked for, as the revision has no logging/setLevel", async () => {
    const cases = [
      ["warning", ["warning", "error"]],
      ["debug", ["debug", "info", "warning", "error"]],
      // None asked: info, as for a 2025 server.
      [undefined, ["info", "warning", "error"]],
    ] as const;
    for (const [logLevel, heard] of cases) {
      const lines: CallStreamLine[] = [];
      for await (const line of streamCall(owner, id, { method: "tools/call", params: { name: "chatty", arguments: {} }, ...(logLevel ? { logLevel } : {}) })) lines.push(line);
      expect(lines.flatMap((line) => (line.type === "log" ? [line.level] : []))).toEqual(heard);
      expect(lines.at(-1)).toMatchObject({ type: "result", exchange: { request: { params: { _meta: { "io.modelcontextprotocol/logLevel": logLevel ?? "info" } } } } });
    }
    expect(server.methods).not.toContain("logging/setLevel");
  });

  it("hears list changes, and updates of the resources subscribed to, through subscriptions/listen", async () => {
    const abort = new AbortController();
    const req = new NextRequest(`${ORIGIN}/api/servers/${id}/events`, { headers: owner.headers, signal: abort.signal });
    const res = await eventsGET(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    const events = ndjsonLines<ServerEventLine>(res.body!);
    const next = async () => {
      for (let step = await events.next(); !step.done; step = await events.next()) if (step.value.type !== "heartbeat") return step.value;
      throw new Error("the stream ended");
    };
    const subscription = (method: "POST" | "DELETE") =>
      method === "POST"
        ? call(subscribePOST, `/api/servers/${id}/subscriptions`, { headers: owner.headers, params: { id }, body: { uri: "menu://today" } })
        : call(unsubscribeDELETE, `/api/servers/${id}/subscriptions?uri=${encodeURIComponent("menu://today")}`, { headers: owner.headers, method: "DELETE", params: { id } });
    try {
      expect(await next()).toEqual({ type: "ready", subscriptions: [] });
      server.notify.toolsChanged();
      expect(await next()).toEqual({ type: "list-changed", list: "tools" });

      const subscribed = await subscription("POST");
      expect(subscribed.status).toBe(200);
      expect(subscribed.json).toEqual({ subscriptions: ["menu://today"] });
      server.notify.resourceUpdated("menu://today");
      expect(await next()).toEqual({ type: "resource-updated", uri: "menu://today" });
      // A resource not subscribed to is not heard of: the next event is the list change after it.
      server.notify.resourceUpdated("menu://tomorrow");
      server.notify.resourcesChanged();
      expect(await next()).toEqual({ type: "list-changed", list: "resources" });

      expect((await subscription("DELETE")).json).toEqual({ subscriptions: [] });
      server.notify.resourceUpdated("menu://today");
      server.notify.promptsChanged();
      expect(await next()).toEqual({ type: "list-changed", list: "prompts" });
      expect(server.methods).toContain("subscriptions/listen");
      expect(server.methods).not.toContain("resources/subscribe");
    } finally {
      abort.abort();
    }
  });

  it("declines a form when nobody can answer it (an unstreamed call)", async () => {
    const res = await call(callPOST, `/api/servers/${id}/call`, { headers: owner.headers, params: { id }, body: toolCall("book-table") });
    expect(res.status).toBe(200);
    expect(res.json.result.content[0].text).toBe("No table booked: the person chose decline.");
  });
});
