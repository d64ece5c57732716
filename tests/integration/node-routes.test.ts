import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { GET as historyGET } from "@/app/api/workbench/history/route";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { ndjsonLines } from "@/lib/api-contract/ndjson";
import { nodeRoutes, type NodeRoute } from "@/lib/http/node-routes";
import { workbenchPool } from "@/lib/upstream/pool";
import type { CallStreamLine } from "@/lib/workbench/schema";
import { clientAddress } from "../support/client-address";
import { describeEachDatabase } from "../support/databases";
import { createUser, uniqueEmail } from "../support/emulator";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signIn } from "../support/sign-in";

/**
 * The workbench call as scripts/server.mjs serves it, ahead of Next.js's
 * router (lib/http/node-routes.ts): the real route handler behind a plain
 * Node HTTP server, over real HTTP, answers as Next.js would: the JSON answer
 * whole, NDJSON lines as they are made, a client that leaves stops the call,
 * the body limits, and requests the table does not match exactly are left to
 * Next.js (here a 404 that says so).
 */

const LEFT_TO_NEXT = "left to Next.js";
const CALL = /^\/api\/servers\/(?<id>[^/]+)\/call$/;

/** Resolves when the late call's handler has read the body: the test's cue to leave. */
let bodyRead: () => void = () => {};

/**
 * The call route, reached only once its client has gone: as when the browser
 * leaves while the request is still being checked (session, quota), before
 * the answer starts.
 */
async function lateCall(req: NextRequest, segment: { params: Promise<Record<string, string>> }) {
  const body = await req.arrayBuffer();
  bodyRead();
  if (!req.signal.aborted) await new Promise((resolve) => req.signal.addEventListener("abort", resolve, { once: true }));
  return callPOST(new NextRequest(req.url, { method: req.method, headers: req.headers, body, signal: req.signal }), segment);
}

/** Two cookies and a header of several values, which a plain Headers-to-object copy would fold or lose. */
async function twoCookies() {
  const res = new Response("ok");
  res.headers.append("set-cookie", "first=1; Path=/; HttpOnly");
  res.headers.append("set-cookie", "second=2; Path=/");
  res.headers.append("vary", "accept");
  res.headers.append("vary", "accept-encoding");
  return res;
}

const MIB = 1024 * 1024;
/** 20 MiB in 1 MiB chunks: each write is more than the socket takes at once. */
async function bigStream() {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 20) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(MIB).fill(120));
    },
  });
  return new Response(body);
}

const routes: NodeRoute[] = [
  { method: "POST", pattern: /^\/api\/auth\/session$/, handler: sessionPOST },
  { method: "POST", pattern: CALL, handler: callPOST },
  { method: "POST", pattern: /^\/late\/(?<id>[^/]+)\/call$/, handler: lateCall },
  { method: "GET", pattern: /^\/two-cookies$/, handler: twoCookies },
  { method: "GET", pattern: /^\/big$/, handler: bigStream },
];

let everything: RunningServer;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  const table = nodeRoutes(routes);
  server = http.createServer((req, res) => {
    // As scripts/server.mjs does: the connection's address is the last entry.
    req.headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ?? req.socket.remoteAddress ?? "127.0.0.1";
    const serve = table(req);
    if (serve) serve(res);
    else res.writeHead(404, { "content-type": "text/plain" }).end(LEFT_TO_NEXT);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await everything?.stop();
});

const echo = (message: string) => ({ method: "tools/call", params: { name: "echo", arguments: { message } } });
const longRunning = (duration: number, steps: number) => ({
  method: "tools/call",
  params: { name: "trigger-long-running-operation", arguments: { duration, steps } },
});

/** The NDJSON lines of a streamed answer, as they arrive. */
const ndjson = (res: Response) => ndjsonLines<CallStreamLine>(res.body!);

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDatabase("the workbench call served by the Node routes", () => {
  let auth: { authorization: string };
  let serverId: string;

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${origin}${path}`, { method: "POST", headers: { ...auth, "content-type": "application/json", ...headers }, body, signal });
  const callOver = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    post(`/api/servers/${serverId}/call`, JSON.stringify(body), headers, signal);

  /** The user's newest history entry for `target`, as the history route answers it. */
  async function latest(target: string) {
    const { json } = await call(historyGET, `/api/workbench/history?serverId=${serverId}`, { headers: auth });
    return (json.calls as { id: string; target: string | null; summary: string; ok: boolean }[]).find((c) => c.target === target);
  }

  beforeAll(async () => {
    const user = await signIn({ plan: "pro" });
    auth = user.bearer;
    const created = await call(createPOST, "/api/servers", {
      body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` },
      headers: auth,
    });
    expect(created.status).toBe(201);
    serverId = created.json.id as string;
  });

  it("answers a call whole: 200, the result, its length and the request id", async () => {
    const res = await callOver(echo("over the Node routes"), { "x-request-id": "node-routes-echo-1" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-request-id")).toBe("node-routes-echo-1");
    const text = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text).result.content).toEqual([{ type: "text", text: "Echo: over the Node routes" }]);

    // Without one, the wrapper makes an id up.
    const again = await callOver(echo("again"));
    expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends NDJSON progress lines while the call is still running", async () => {
    const res = await callOver(longRunning(2, 2), { accept: "application/x-ndjson" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const seen: string[] = [];
    let runningAtFirstProgress: boolean | undefined;
    for await (const line of ndjson(res)) {
      if (line.type === "log") continue;
      seen.push(line.type);
      // The call is stored in the history when it ends: none yet means the line left before the end.
      if (runningAtFirstProgress === undefined && line.type === "progress") runningAtFirstProgress = (await latest("trigger-long-running-operation")) === undefined;
    }
    expect(seen).toEqual(["progress", "progress", "result"]);
    expect(runningAtFirstProgress).toBe(true);
    expect(await latest("trigger-long-running-operation")).toMatchObject({ ok: true });
  });

  it("stops the call when the client goes away mid-stream", async () => {
    const abort = new AbortController();
    const res = await callOver(longRunning(30, 30), { accept: "application/x-ndjson" }, abort.signal);
    for await (const line of ndjson(res)) {
      if (line.type === "progress") break;
    }
    abort.abort();
    let entry: Awaited<ReturnType<typeof latest>>;
    await waitFor(async () => (entry = await latest("trigger-long-running-operation"))?.ok === false);
    expect(entry).toMatchObject({ ok: false, summary: "The call was cancelled." });
    expect((await callOver(echo("after leaving"))).status).toBe(200);
  });

  it("stops the call when the client went away before the answer started", async () => {
    const target = "trigger-long-running-operation";
    const before = await latest(target);
    const read = new Promise<void>((resolve) => (bodyRead = resolve));
    const abort = new AbortController();
    const sent = post(`/late/${serverId}/call`, JSON.stringify(longRunning(30, 30)), { accept: "application/x-ndjson" }, abort.signal);
    await read;
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: "AbortError" });
    // A call left running would take its 30 s and be stored as a success.
    let entry: Awaited<ReturnType<typeof latest>>;
    await waitFor(async () => {
      entry = await latest(target);
      return entry !== undefined && entry.id !== before?.id;
    }, 45_000);
    expect(entry).toMatchObject({ ok: false, summary: "The call was cancelled." });
  });

  it("refuses a body over 256 KiB with 413 and a body that is not JSON with 400", async () => {
    const huge = await callOver(echo("y".repeat(300 * 1024)));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: "payload_too_large" });

    const garbled = await post(`/api/servers/${serverId}/call`, "{not json");
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ error: "validation_failed", message: "The request body is not valid JSON." });
  });

  it.each([
    ["an escape that does not decode", (id: string) => ["POST", `/api/servers/${id}%E0%A4%A/call`]],
    ["another method", (id: string) => ["GET", `/api/servers/${id}/call`]],
    ["a trailing slash", (id: string) => ["POST", `/api/servers/${id}/call/`]],
    ["a longer path", (id: string) => ["POST", `/api/servers/${id}/call/more`]],
  ])("leaves a request with %s to Next.js", async (_label, request) => {
    const [method, path] = request(serverId);
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { ...auth, "content-type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(echo("x")),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(LEFT_TO_NEXT);
  });

  it("decodes the id's escapes and ignores the query, as Next.js does", async () => {
    const escaped = serverId.replace(/-/g, "%2D");
    const res = await fetch(`${origin}/api/servers/${escaped}/call?from=test`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(echo("escaped")),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result.content).toEqual([{ type: "text", text: "Echo: escaped" }]);
  });

  it("answers a request whose Host header makes no URL, rather than dropping the connection", async () => {
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: `/api/servers/${serverId}/call`, headers: { host: "not a host", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify(echo("x")));
    });
    // Not signed in: the route itself answered.
    expect(status).toBe(401);
  });

  it("passes a route's cookie and headers of several values through", async () => {
    const user = await createUser(uniqueEmail("node-routes"));
    const session = await post(
      "/api/auth/session",
      JSON.stringify({ idToken: user.idToken, uid: user.uid, email: user.email, displayName: null, photoURL: null }),
      { origin: "http://localhost:3000", "x-forwarded-for": clientAddress() },
    );
    expect(session.status).toBe(200);
    expect(session.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=[^;]+;.*HttpOnly`, "i"))]);

    const both = await fetch(`${origin}/two-cookies`);
    expect(both.headers.getSetCookie()).toEqual(["first=1; Path=/; HttpOnly", "second=2; Path=/"]);
    expect(both.headers.get("vary")).toBe("accept, accept-encoding");
  });

  it("writes an answer in pieces larger than the socket takes at once without piling up listeners", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const received = await new Promise<number>((resolve, reject) => {
        http.get(`${origin}/big`, (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => resolve(bytes));
          res.on("error", reject);
        });
      });
      expect(received).toBe(20 * MIB);
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});
