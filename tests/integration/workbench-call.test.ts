import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as completePOST } from "@/app/api/servers/[id]/complete/route";
import { GET as eventsGET } from "@/app/api/servers/[id]/events/route";
import { DELETE as unsubscribeDELETE, POST as subscribePOST } from "@/app/api/servers/[id]/subscriptions/route";
import { PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { GET as historyEntryGET } from "@/app/api/workbench/history/[id]/route";
import { GET as historyGET } from "@/app/api/workbench/history/route";
import { POST as replyPOST } from "@/app/api/workbench/requests/[id]/route";
import { ndjsonLines } from "@/lib/api-contract/ndjson";
import { db } from "@/lib/db";
import { activityEvents, rateLimits, workbenchCalls } from "@/lib/db/schema";
import { workbenchPool } from "@/lib/upstream/pool";
import { MAX_INVALID_ANSWERS, serverRequests } from "@/lib/workbench/server-requests";
import { lastLine, textOf, untilAsked } from "../support/call-stream";
import type { CallStreamLine, ServerEventLine } from "@/lib/workbench/schema";
import { describeEachDatabase } from "../support/databases";
import { call, ORIGIN, type CallOptions } from "../support/http";
import { startAuthProxy, startEverything, type AuthProxy, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";
import { startMalformedServer, startRecordingProxy, startScriptedTools, type RecordingProxy } from "./workbench-fixtures";

const TOKEN = "workbench-proxy-token-5f1c2d";

let everything: RunningServer;
let everythingSse: RunningServer;
let proxy: RecordingProxy;
let authProxy: AuthProxy;
let scriptedSse: RunningServer;
let scriptedJson: RunningServer;
let malformed: RunningServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  everythingSse = await startEverything("sse");
  proxy = await startRecordingProxy(everything);
  authProxy = await startAuthProxy(everything, TOKEN);
  scriptedSse = await startScriptedTools({ json: false });
  scriptedJson = await startScriptedTools({ json: true });
  malformed = await startMalformedServer();
}, 30_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  await Promise.all([proxy, authProxy, everything, everythingSse, scriptedSse, scriptedJson, malformed].map((s) => s?.stop()));
});

/** Requests go with the user's ID token rather than the session cookie. */

type Handler = Parameters<typeof call>[0];
const api = (handler: Handler, path: string, who: Session, opts: CallOptions = {}) =>
  call(handler, path, { ...opts, headers: { ...opts.headers, ...who.headers } });

async function addServer(who: Session, name: string, url: string, headers: { name: string; value: string }[] = []) {
  const res = await api(createPOST, "/api/servers", who, { body: { name, transport: "streamable-http", url, headers } });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const callServer = (who: Session, id: string, body: unknown, opts: CallOptions = {}) =>
  api(callPOST, `/api/servers/${id}/call`, who, { ...opts, body, params: { id } });

const echo = (message: string) => ({ method: "tools/call", params: { name: "echo", arguments: { message } } });

/** The NDJSON lines of a streamed answer, as they arrive. */
async function* ndjson<T>(response: Promise<Response>): AsyncGenerator<T> {
  const res = await response;
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/x-ndjson");
  yield* ndjsonLines<T>(res.body!);
}

/** Sends a streaming call; returns the lines as they arrive and a way to abort the request. */
function streamCall(who: Session, id: string, body: unknown) {
  const abort = new AbortController();
  const req = new NextRequest(`${ORIGIN}/api/servers/${id}/call`, {
    method: "POST",
    headers: { ...who.headers, "content-type": "application/json", accept: "application/x-ndjson", origin: ORIGIN },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  const response = callPOST(req, { params: Promise.resolve({ id }) });
  return { lines: () => ndjson<CallStreamLine>(response), abort: () => abort.abort() };
}

/** Listens to the server's notifications between calls. */
function listen(who: Session, id: string) {
  const abort = new AbortController();
  const req = new NextRequest(`${ORIGIN}/api/servers/${id}/events`, { headers: who.headers, signal: abort.signal });
  return { lines: ndjson<ServerEventLine>(eventsGET(req, { params: Promise.resolve({ id }) })), abort: () => abort.abort() };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDatabase("workbench calls", () => {
  let owner: Session;
  let other: Session;
  let serverId: string;

  beforeAll(async () => {
    workbenchPool().configure({ idleMs: 5 * 60_000 });
    owner = await signedIn("pro");
    other = await signedIn("pro");
    serverId = await addServer(owner, "Everything", `${proxy.origin}/mcp`);
  });

  it("runs a tool, reads a resource, gets a prompt and pings, all over one initialized connection", async () => {
    const initializedBefore = proxy.count("initialize");

    const tool = await callServer(owner, serverId, echo("hello workbench"));
    expect(tool.status).toBe(200);
    expect(tool.json.result.content).toEqual([{ type: "text", text: "Echo: hello workbench" }]);
    expect(tool.json.durationMs).toEqual(expect.any(Number));
    const { request, response } = tool.json.exchange;
    expect(request).toMatchObject({ jsonrpc: "2.0", method: "tools/call", params: { name: "echo", arguments: { message: "hello workbench" } } });
    expect(response).toMatchObject({ jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: "Echo: hello workbench" }] } });

    const resource = await callServer(owner, serverId, { method: "resources/read", params: { uri: "demo://resource/dynamic/text/3" } });
    expect(resource.status).toBe(200);
    expect(resource.json.result.contents[0]).toMatchObject({ uri: "demo://resource/dynamic/text/3", mimeType: "text/plain" });

    const prompt = await callServer(owner, serverId, { method: "prompts/get", params: { name: "args-prompt", arguments: { city: "Lyon", state: "Rhône" } } });
    expect(prompt.status).toBe(200);
    expect(JSON.stringify(prompt.json.result.messages)).toContain("Lyon");

    const ping = await callServer(owner, serverId, { method: "ping" });
    expect(ping.status).toBe(200);
    expect(ping.json.result).toEqual({});
    expect(ping.json.exchange.request).toMatchObject({ method: "ping" });

    for (let i = 0; i < 10; i++) expect((await callServer(owner, serverId, echo(`again ${i}`))).status).toBe(200);
    expect(proxy.count("initialize") - initializedBefore).toBe(1);
  });

  it("talks to a server over the legacy SSE transport as well", async () => {
    const res = await api(createPOST, "/api/servers", owner, { body: { name: "Everything over SSE", transport: "sse", url: `${everythingSse.origin}/sse` } });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    for (const message of ["one", "two"]) {
      const tool = await callServer(owner, id, echo(message));
      expect(tool.status).toBe(200);
      expect(tool.json.result.content).toEqual([{ type: "text", text: `Echo: ${message}` }]);
    }
    const lines: CallStreamLine[] = [];
    for await (const line of streamCall(owner, id, { method: "tools/call", params: { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 2 } } }).lines()) {
      lines.push(line);
    }
    // The server may log meanwhile (it logs the roots it asked for after the handshake).
    expect(lines.filter((l) => l.type !== "log").map((l) => l.type)).toEqual(["progress", "progress", "result"]);
  });

  it("keeps the caller's calls in the history, newest first, and records an activity event for each", async () => {
    const res = await api(historyGET, `/api/workbench/history?serverId=${serverId}`, owner);
    expect(res.status).toBe(200);
    const all = (await api(historyGET, "/api/workbench/history", owner)).json.calls as { serverName: string }[];
    expect(all.filter((c) => c.serverName === "Everything over SSE")).toHaveLength(3);
    const calls = res.json.calls as { method: string; target: string | null; ok: boolean; summary: string; serverName: string; params: unknown }[];
    expect(calls[0]).toMatchObject({ method: "tools/call", target: "echo", ok: true, summary: "Echo: again 9", serverName: "Everything", params: { name: "echo", arguments: { message: "again 9" } } });
    expect(calls.map((c) => c.method)).toEqual(expect.arrayContaining(["ping", "prompts/get", "resources/read"]));
    expect(calls.find((c) => c.method === "resources/read")).toMatchObject({ target: "demo://resource/dynamic/text/3", summary: "1 content (text/plain)" });

    const events = await (await db())
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, owner.uid), eq(activityEvents.action, "workbench.call")));
    expect(events).toHaveLength(all.length);
    const echoEvent = events.find((e) => (e.metadata as { arguments?: { message?: string } }).arguments?.message === "hello workbench");
    expect(echoEvent).toMatchObject({ targetType: "server", targetId: serverId, summary: expect.stringMatching(/^Ran tool echo on Everything: ok in \d+ ms$/) });

    expect((await api(historyGET, "/api/workbench/history", other)).json.calls).toEqual([]);
    expect((await api(historyGET, "/api/workbench/history?serverId=nope", owner)).status).toBe(400);

    // One call in full: its arguments and the result as kept; nobody else's.
    const [latest] = res.json.calls as { id: string }[];
    const detail = await api(historyEntryGET, `/api/workbench/history/${latest.id}`, owner, { params: { id: latest.id } });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ id: latest.id, method: "tools/call", result: { content: [{ type: "text", text: "Echo: again 9" }] } });
    expect((await api(historyEntryGET, `/api/workbench/history/${latest.id}`, other, { params: { id: latest.id } })).status).toBe(404);
  });

  it("keeps only the last 100 calls of a user", async () => {
    const database = await db();
    await database.delete(workbenchCalls).where(eq(workbenchCalls.userUid, owner.uid));
    const old = new Date(Date.now() - 3_600_000);
    await database.insert(workbenchCalls).values(
      Array.from({ length: 100 }, (_, i) => ({
        userUid: owner.uid,
        serverId,
        method: "ping",
        ok: true,
        durationMs: 1,
        summary: `old ${i}`,
        createdAt: new Date(old.getTime() + i * 1000),
      })),
    );
    expect((await callServer(owner, serverId, echo("the newest"))).status).toBe(200);
    const { calls } = (await api(historyGET, "/api/workbench/history", owner)).json;
    expect(calls).toHaveLength(100);
    expect(calls[0].summary).toBe("Echo: the newest");
    expect(calls.map((c: { summary: string }) => c.summary)).not.toContain("old 0");
    expect(calls.at(-1).summary).toBe("old 1");
  });

  it("answers 404 for another user's server and for ids that are not server ids", async () => {
    const theirs = await callServer(other, serverId, echo("not mine"));
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ error: "not_found", message: "No server with this id." });
    expect((await callServer(owner, "not-a-uuid", echo("x"))).status).toBe(404);
    expect((await callServer(owner, "00000000-0000-4000-8000-000000000000", echo("x"))).status).toBe(404);
  });

  it("validates the call and refuses a request body over 256 kB", async () => {
    const bad = await callServer(owner, serverId, { method: "tools/list", params: {} });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("validation_failed");
    const tooLong = await callServer(owner, serverId, { ...echo("x"), timeoutMs: 600_000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.details).toEqual([expect.objectContaining({ path: "timeoutMs" })]);

    const huge = await callServer(owner, serverId, echo("y".repeat(300 * 1024)));
    expect(huge.status).toBe(413);
    expect(huge.json.error).toBe("payload_too_large");
  });

  it("enforces the plan's daily quota with 429, Retry-After and when it resets", async () => {
    const free = await signedIn("free tier");
    const id = await addServer(free, "Quota", `${proxy.origin}/mcp`);
    expect((await callServer(free, id, { method: "ping" })).status).toBe(200);
    // The day's 200 calls, spent.
    await (await db()).update(rateLimits).set({ count: 200 }).where(eq(rateLimits.key, `workbench-calls:${free.uid}`));

    const refused = await callServer(free, id, { method: "ping" });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("rate_limited");
    expect(refused.json.message).toMatch(
      /^You have used all 200 workbench calls of your plan today; the quota resets at 00:00 UTC \(in (\d+h )?\d+m\)\.$/,
    );
    const retryAfter = Number(refused.headers.get("retry-after"));
    const untilMidnight = (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    expect(Math.abs(retryAfter - untilMidnight)).toBeLessThan(5);
    // A refused call is not a call: the history holds only the first.
    expect((await api(historyGET, "/api/workbench/history", free)).json.calls).toHaveLength(1);
  });

  it("streams progress as NDJSON, then the result", async () => {
    const lines: CallStreamLine[] = [];
    for await (const line of streamCall(owner, serverId, {
      method: "tools/call",
      params: { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 3 } },
    }).lines()) {
      lines.push(line);
    }
    expect(lines.filter((l) => l.type === "progress")).toEqual([
      { type: "progress", progress: 1, total: 3 },
      { type: "progress", progress: 2, total: 3 },
      { type: "progress", progress: 3, total: 3 },
    ]);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ type: "result", result: { content: [{ type: "text", text: expect.stringContaining("Long running operation completed") }] } });
    expect(last.type === "result" && last.exchange.request.params).toMatchObject({ _meta: { progressToken: expect.anything() } });
  });

  it("runs a tool that requires a task, and passes the task's status on", async () => {
    const lines: CallStreamLine[] = [];
    for await (const line of streamCall(owner, serverId, {
      method: "tools/call",
      params: { name: "simulate-research-query", arguments: { topic: "pooling" }, task: {} },
    }).lines()) {
      lines.push(line);
    }
    expect(lines.some((l) => l.type === "task" && l.status === "working")).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: "result", result: { content: expect.any(Array) } });
    expect(JSON.stringify(lines.at(-1))).toContain("pooling");
  });

  it("refuses a task for a tool or a server that does not run tools as tasks, before the tool runs", async () => {
    const callsBefore = proxy.count("tools/call");
    const history = async () => (await api(historyGET, "/api/workbench/history", owner)).json.calls as unknown[];
    const historyBefore = (await history()).length;
    const res = await callServer(owner, serverId, { method: "tools/call", params: { name: "echo", arguments: { message: "as a task" }, task: {} } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "validation_failed", message: 'The tool "echo" does not support running as a task: call it without a task.' });
    expect(proxy.count("tools/call")).toBe(callsBefore);

    const plain = await addServer(owner, "Scripted without tasks", `${scriptedJson.origin}/mcp`);
    const refused = await callServer(owner, plain, { method: "tools/call", params: { name: "echo", arguments: { message: "as a task" }, task: {} } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "validation_failed", message: 'This server does not run tools as tasks: call "echo" without a task.' });
    // Refused as asked, like a body that does not parse: no call in the history.
    expect(await history()).toHaveLength(historyBefore);
    // Without the task, the same tool answers.
    expect((await callServer(owner, serverId, echo("plain"))).status).toBe(200);
  });

  it("cancels the call on the server when the browser goes away", async () => {
    const cancelledBefore = proxy.count("notifications/cancelled");
    const streaming = streamCall(owner, serverId, {
      method: "tools/call",
      params: { name: "trigger-long-running-operation", arguments: { duration: 30, steps: 30 } },
    });
    for await (const line of streaming.lines()) {
      if (line.type === "progress") {
        streaming.abort();
        break;
      }
    }
    await waitFor(() => proxy.count("notifications/cancelled") > cancelledBefore);
    await waitFor(async () => {
      const [latest] = (await api(historyGET, "/api/workbench/history", owner)).json.calls;
      return latest.target === "trigger-long-running-operation" && latest.summary === "The call was cancelled.";
    });
    // The connection stays usable.
    expect((await callServer(owner, serverId, echo("after cancel"))).status).toBe(200);
  });

  it("ends a call the server never answers with a timeout error", async () => {
    const id = await addServer(owner, "Scripted", `${scriptedSse.origin}/mcp`);
    const res = await callServer(owner, id, { method: "tools/call", params: { name: "hang", arguments: {} }, timeoutMs: 1000 });
    expect(res.status).toBe(504);
    expect(res.json).toMatchObject({ error: "upstream_timeout", message: `The server at ${scriptedSse.origin}/mcp did not answer within 1 s.` });
    expect(res.json.details.exchange.request).toMatchObject({ method: "tools/call", params: { name: "hang" } });
  });

  it.each([
    ["an event stream", 5.5, () => scriptedSse],
    ["an event stream", 8, () => scriptedSse],
    ["a JSON answer", 5.5, () => scriptedJson],
    ["a JSON answer", 8, () => scriptedJson],
  ])("refuses a result over 5 MB in %s (%s MB) with a clear error", async (label, mb, server) => {
    const id = await addServer(owner, `Big ${label} ${mb}`, `${server().origin}/mcp`);
    const res = await callServer(owner, id, { method: "tools/call", params: { name: "big", arguments: { bytes: mb * 1024 * 1024 } } });
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ error: "upstream_error", message: "The server's answer is larger than 5 MB, the most the workbench accepts." });
    // The connection (or its replacement) still serves the next call.
    const after = await callServer(owner, id, { method: "tools/call", params: { name: "echo", arguments: { message: "small" } } });
    expect(after.status).toBe(200);
  });

  it("explains refused credentials, protocol errors and malformed answers", async () => {
    const denied = await addServer(owner, "Wrong token", `${authProxy.origin}/mcp`, [{ name: "Authorization", value: "Bearer wrong" }]);
    const auth = await callServer(owner, denied, { method: "ping" });
    expect(auth.status).toBe(502);
    expect(auth.json.message).toBe("The server refused the credentials (401). Check the auth headers.");
    // The call is in the history and the audit trail, the header's value in neither.
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, owner.uid));
    const calls = await (await db()).select().from(workbenchCalls).where(eq(workbenchCalls.serverId, denied));
    expect(calls).toHaveLength(1);
    expect(JSON.stringify([events, calls])).not.toContain("Bearer wrong");

    const missing = await callServer(owner, serverId, { method: "resources/read", params: { uri: "demo://nowhere/1" } });
    expect(missing.status).toBe(502);
    expect(missing.json.message).toMatch(/^The server answered with an error: MCP error -?\d+: /);
    expect(missing.json.details.exchange.response).toMatchObject({ error: { code: expect.any(Number) } });

    const id = await addServer(owner, "Malformed", `${malformed.origin}/mcp`);
    const bad = await callServer(owner, id, { method: "tools/call", params: { name: "anything", arguments: {} } });
    expect(bad.status).toBe(502);
    expect(bad.json).toMatchObject({ error: "upstream_error", message: expect.stringMatching(/^The server's answer .*MCP/) });
  });

  it("reconnects once when the server restarted and dropped the session", async () => {
    expect((await callServer(owner, serverId, echo("before restart"))).status).toBe(200);
    const initializedBefore = proxy.count("initialize");

    await everything.stop();
    const down = await callServer(owner, serverId, echo("while down"));
    expect(down.status).toBe(502);
    expect(down.json.message).toBe(`The server answered HTTP 502 at ${proxy.origin}/mcp. Check the URL and the transport.`);

    everything = await startEverything("streamableHttp");
    proxy.retarget(everything);
    const back = await callServer(owner, serverId, echo("after restart"));
    expect(back.status).toBe(200);
    expect(back.json.result.content[0].text).toBe("Echo: after restart");
    expect(proxy.count("initialize") - initializedBefore).toBe(1);
  });

  it("opens a fresh connection when the server's definition changes", async () => {
    expect((await callServer(owner, serverId, { method: "ping" })).status).toBe(200);
    const before = proxy.count("initialize");
    const patched = await api(serverPATCH, `/api/servers/${serverId}`, owner, {
      method: "PATCH",
      body: { headers: [{ name: "X-Trace", value: "workbench-test" }] },
      params: { id: serverId },
    });
    expect(patched.status).toBe(200);
    expect((await callServer(owner, serverId, { method: "ping" })).status).toBe(200);
    expect(proxy.count("initialize") - before).toBe(1);
  });

  it("suggests prompt arguments and template variables from the server, narrowed by what is filled in, without a history entry", async () => {
    const complete = (who: Session, body: unknown, id = serverId) => api(completePOST, `/api/servers/${id}/complete`, who, { body, params: { id } });
    const historyBefore = (await api(historyGET, "/api/workbench/history", owner)).json.calls.length;

    const departments = await complete(owner, { ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "S" } });
    expect(departments.status).toBe(200);
    expect(departments.json.values).toEqual(["Sales", "Support"]);
    const names = await complete(owner, {
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "name", value: "" },
      context: { arguments: { department: "Sales" } },
    });
    expect(names.json.values).toEqual(["David", "Eve", "Frank"]);
    const ids = await complete(owner, { ref: { type: "ref/resource", uri: "demo://resource/dynamic/text/{resourceId}" }, argument: { name: "resourceId", value: "7" } });
    expect(ids.json.values).toEqual(["7"]);

    expect((await complete(other, { ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "" } })).status).toBe(404);
    const invalid = await complete(owner, { ref: { type: "ref/elsewhere" }, argument: { name: "department", value: "" } });
    expect(invalid.status).toBe(400);
    expect((await api(historyGET, "/api/workbench/history", owner)).json.calls).toHaveLength(historyBefore);
  });

  it("subscribes to a resource and streams its updates between calls, until unsubscribed", async () => {
    const uri = "demo://resource/static/document/architecture.md";
    const subscribe = (who: Session) => api(subscribePOST, `/api/servers/${serverId}/subscriptions`, who, { body: { uri }, params: { id: serverId } });
    expect((await subscribe(other)).status).toBe(404);
    const subscribed = await subscribe(owner);
    expect(subscribed.status).toBe(200);
    expect(subscribed.json.subscriptions).toEqual([uri]);

    const events = listen(owner, serverId);
    expect((await events.lines.next()).value).toEqual({ type: "ready", subscriptions: [uri] });
    // server-everything sends updates of subscribed resources once this tool is on (at once, then every 5 s).
    expect((await callServer(owner, serverId, { method: "tools/call", params: { name: "toggle-subscriber-updates", arguments: {} } })).status).toBe(200);
    let update: ServerEventLine | undefined;
    for (let step = await events.lines.next(); !step.done; step = await events.lines.next()) {
      if (step.value.type === "resource-updated") {
        update = step.value;
        break;
      }
    }
    expect(update).toEqual({ type: "resource-updated", uri });

    const gone = await api(unsubscribeDELETE, `/api/servers/${serverId}/subscriptions?uri=${encodeURIComponent(uri)}`, owner, {
      method: "DELETE",
      params: { id: serverId },
    });
    expect(gone.json.subscriptions).toEqual([]);
    await callServer(owner, serverId, { method: "tools/call", params: { name: "toggle-subscriber-updates", arguments: {} } });

    // Once the page stops listening (its request aborted, or the body dropped), the connection is let go: it closes when idle.
    workbenchPool().configure({ idleMs: 150 });
    try {
      let ended = proxy.count("DELETE");
      events.abort();
      await waitFor(() => proxy.count("DELETE") > ended);

      const dropped = await eventsGET(new NextRequest(`${ORIGIN}/api/servers/${serverId}/events`, { headers: owner.headers }), {
        params: Promise.resolve({ id: serverId }),
      });
      const reader = dropped.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"type":"ready"');
      ended = proxy.count("DELETE");
      await reader.cancel();
      await waitFor(() => proxy.count("DELETE") > ended);
    } finally {
      workbenchPool().configure({ idleMs: 5 * 60_000 });
    }
  });

  describe("the server's own requests during a call", () => {
    const reply = (who: Session, id: string, body: unknown) => api(replyPOST, `/api/workbench/requests/${id}`, who, { body, params: { id } });
    const toolCall = (name: string, args: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
      method: "tools/call",
      params: { name, arguments: args },
      ...extra,
    });


    it("puts a form to the person, checks the answer against the server's schema, and waits longer than the call's timeout", async () => {
      const lines = streamCall(owner, serverId, toolCall("trigger-elicitation-request", {}, { timeoutMs: 1_000 })).lines();
      const asked = await untilAsked(lines);
      expect(asked).toMatchObject({ kind: "elicitation", params: { message: expect.any(String), requestedSchema: { required: ["name"] } } });

      expect((await reply(other, asked.id, { action: "accept", content: { name: "Mallory" } })).status).toBe(404);
      const invalid = await reply(owner, asked.id, { action: "accept", content: { email: "not an address" } });
      expect(invalid.status).toBe(400);
      expect(invalid.json.details.map((d: { path: string }) => d.path).sort()).toEqual(["/email", "/name"]);

      // Longer than the call's 1 s timeout: the call waits for the person, not for the server.
      await new Promise((r) => setTimeout(r, 1_500));
      const accepted = await reply(owner, asked.id, { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com" } });
      expect(accepted.status).toBe(200);
      const last = await lastLine(lines);
      expect(textOf(last)).toContain("- Name: Ada Lovelace");
      expect(textOf(last)).toContain("- Email: ada@example.com");
      expect((await reply(owner, asked.id, { action: "decline" })).status).toBe(404);
      expect(serverRequests().size).toBe(0);
    });

    it("closes a request after five invalid answers and tells the server it was declined", async () => {
      const lines = streamCall(owner, serverId, toolCall("trigger-elicitation-request")).lines();
      const asked = await untilAsked(lines);
      for (let i = 1; i < MAX_INVALID_ANSWERS; i++) {
        expect((await reply(owner, asked.id, { action: "accept", content: { email: "a@" + "b.".repeat(2_000) } })).status).toBe(400);
      }
      const last = await reply(owner, asked.id, { action: "accept", content: {} });
      expect(last.status).toBe(400);
      expect(last.json.message).toContain("closed");
      expect(textOf(await lastLine(lines))).not.toContain("- Name:");
      expect((await reply(owner, asked.id, { action: "accept", content: { name: "Ada" } })).status).toBe(404);
      expect(serverRequests().size).toBe(0);
    });

    it("refuses an answer body over 16 KiB", async () => {
      const res = await reply(owner, "00000000-0000-4000-8000-000000000000", { action: "accept", content: { name: "x".repeat(20_000) } });
      expect(res.status).toBe(413);
    });

    it("sends the person's answer in the model's place for sampling, and a rejection as an error", async () => {
      let lines = streamCall(owner, serverId, toolCall("trigger-sampling-request", { prompt: "Say hello", maxTokens: 20 })).lines();
      let asked = await untilAsked(lines);
      expect(asked.kind).toBe("sampling");
      expect(JSON.stringify(asked.params.messages)).toContain("Say hello");
      expect((await reply(owner, asked.id, { action: "accept", text: "" })).status).toBe(400);
      expect((await reply(owner, asked.id, { action: "accept", text: "Hello from a person", model: "by-hand" })).status).toBe(200);
      const answered = textOf(await lastLine(lines));
      expect(answered).toContain("Hello from a person");
      expect(answered).toContain("by-hand");

      lines = streamCall(owner, serverId, toolCall("trigger-sampling-request", { prompt: "Again", maxTokens: 20 })).lines();
      asked = await untilAsked(lines);
      expect((await reply(owner, asked.id, { action: "decline" })).status).toBe(200);
      const rejected = await lastLine(lines);
      expect(rejected?.type === "result" && (rejected.result as { isError?: boolean }).isError).toBe(true);
      expect(textOf(rejected)).toContain("The user rejected the sampling request.");
    });

    it("asks the person to open a page (URL mode) and passes on that they went through it", async () => {
      const lines = streamCall(owner, serverId, toolCall("trigger-url-elicitation", { url: "https://auth.example.com/start" })).lines();
      const asked = await untilAsked(lines);
      expect(asked).toMatchObject({ kind: "elicitation", params: { mode: "url", url: "https://auth.example.com/start" } });
      expect((await reply(owner, asked.id, { action: "accept" })).status).toBe(200);
      expect(textOf(await lastLine(lines))).toContain("User completed the URL elicitation flow.");
    });

    it("declines a form when nobody can answer it (an unstreamed call)", async () => {
      const res = await callServer(owner, serverId, toolCall("trigger-elicitation-request"));
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json.result)).toContain("User declined to provide the requested information.");
    });

    it("gives the server the call's roots, tells it when they change, and refuses roots that are not file URIs", async () => {
      // The server keeps the list it was given and asks again once told it changed: a call soon after sees the new one.
      const seen = (roots: { uri: string; name?: string }[]) =>
        waitFor(async () => {
          const res = await callServer(owner, serverId, toolCall("get-roots-list", {}, { roots }));
          expect(res.status).toBe(200);
          return roots.every((root) => JSON.stringify(res.json.result).includes(root.uri));
        });
      await seen([{ uri: "file:///srv/project-a", name: "Project A" }]);
      await seen([{ uri: "file:///srv/project-b" }]);

      const refused = await callServer(owner, serverId, toolCall("get-roots-list", {}, { roots: [{ uri: "https://example.com/" }] }));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json.details)).toContain("A root is a file:// URI");
    });
  });

  it("closes a connection after it has been idle", async () => {
    workbenchPool().configure({ idleMs: 150 });
    try {
      expect((await callServer(owner, serverId, { method: "ping" })).status).toBe(200);
      const ended = proxy.count("DELETE");
      const initialized = proxy.count("initialize");
      await waitFor(() => proxy.count("DELETE") > ended);
      expect((await callServer(owner, serverId, { method: "ping" })).status).toBe(200);
      expect(proxy.count("initialize") - initialized).toBe(1);
    } finally {
      workbenchPool().configure({ idleMs: 5 * 60_000 });
    }
  });
});
