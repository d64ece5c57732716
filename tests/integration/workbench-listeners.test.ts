import { getEventListeners } from "node:events";
import { DELETE as serverDELETE } from "@/app/api/servers/[id]/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { deleteAccount } from "@/lib/settings/account";
import { GET as eventsGET } from "@/app/api/servers/[id]/events/route";
import { POST as subscribePOST } from "@/app/api/servers/[id]/subscriptions/route";
import { NextRequest } from "next/server";
import { executeCall, onPooledSession } from "@/lib/upstream/call";
import { completeArgument } from "@/lib/workbench/completion";
import { workbenchPool } from "@/lib/upstream/pool";
import { findCallTarget } from "@/lib/servers/call-target";
import { describeEachDatabase, describeOnOneDatabase } from "../support/databases";
import { call, ORIGIN } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signIn } from "../support/sign-in";

/** Calls of every kind that go over the pooled connection: tools, log levels, completions. */
const CALLS = 1_000;

let everything: RunningServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
}, 30_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  await everything?.stop();
});

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

// On one database: the subject is the connection's signal, which no database touches; a second
// thousand calls repeated the same seconds.
describeOnOneDatabase("one pooled connection over many calls", () => {
  // A thousand calls over one connection: over a minute on a loaded machine.
  it("leaves the abort listeners of the connection's signal where they were", async () => {
    const owner = await signIn({ plan: "pro" });
    const created = await call(createPOST, "/api/servers", {
      headers: owner.bearer,
      body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp`, headers: [] },
    });
    expect(created.status).toBe(201);
    const target = await findCallTarget(owner.uid, created.json.id as string);
    const connectionSignal = () => onPooledSession(owner.uid, target, async (session) => session.connection.signal);

    const echo = (i: number) =>
      executeCall(owner.uid, target, {
        method: "tools/call",
        params: { name: "echo", arguments: { message: `call ${i}` } },
        // A level that changes on every call is set on the server each time.
        logLevel: i % 4 === 0 ? "debug" : "info",
      });
    const suggest = () =>
      completeArgument(owner.uid, target.id, { ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "S" } });

    expect((await echo(0)).ok).toBe(true);
    const signal = await connectionSignal();
    const listenersBefore = getEventListeners(signal, "abort").length;
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;

    for (let i = 1; i <= CALLS; i++) {
      if (i % 2 === 0) expect((await suggest()).values).toContain("Sales");
      else expect((await echo(i)).ok).toBe(true);
    }

    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    const listenersAfter = getEventListeners(signal, "abort").length;
    console.log(
      `${CALLS} calls on one pooled connection: abort listeners ${listenersBefore} → ${listenersAfter}, heap ${megabytes(heapBefore)} MB → ${megabytes(heapAfter)} MB`,
    );
    // Still the same connection: nothing was reopened on the way.
    expect(await connectionSignal()).toBe(signal);
    expect(listenersAfter).toBe(listenersBefore);
  }, 180_000);
});

describeEachDatabase("pooled connections of deleted servers and accounts", () => {
  it("closes the connection and its event stream when its server is deleted, and all of them when the account is", async () => {
    const owner = await signIn({ plan: "pro" });
    const add = async (name: string) => {
      const created = await call(createPOST, "/api/servers", {
        headers: owner.bearer,
        body: { name, transport: "streamable-http", url: `${everything.origin}/mcp`, headers: [] },
      });
      expect(created.status).toBe(201);
      return findCallTarget(owner.uid, created.json.id as string);
    };
    const [first, second] = [await add("First"), await add("Second")];
    const echo = { method: "tools/call" as const, params: { name: "echo", arguments: { message: "hello" } } };
    expect((await executeCall(owner.uid, first, echo)).ok).toBe(true);
    expect((await executeCall(owner.uid, second, echo)).ok).toBe(true);
    const [firstSession, secondSession] = await Promise.all([first, second].map((t) => onPooledSession(owner.uid, t, async (s) => s)));

    // The page's stream of the server's events, open while the server is deleted.
    const events = await eventsGET(new NextRequest(`${ORIGIN}/api/servers/${first.id}/events`, { headers: owner.bearer }), {
      params: Promise.resolve({ id: first.id }),
    });
    expect(events.status).toBe(200);
    const heard = events.text();

    const deleted = await call(serverDELETE, `/api/servers/${first.id}`, { method: "DELETE", headers: owner.bearer, params: { id: first.id } });
    expect(deleted.status).toBeLessThan(300);
    expect(firstSession.connection.signal.aborted).toBe(true);
    expect(secondSession.connection.signal.aborted).toBe(false);
    // The stream ends: it does not outlive the server.
    expect(await heard).toContain('{"type":"closed"}');

    // Signed in just now: deletion asks for a recent sign-in.
    await deleteAccount({ uid: owner.uid, email: owner.email, emailVerified: true, authAt: Date.now() }, owner.email);
    expect(secondSession.connection.signal.aborted).toBe(true);
  });
});

describeEachDatabase("rate limits of the workbench's event streams and subscriptions", () => {
  it("answers 429 to a script that keeps subscribing or opening streams", async () => {
    const owner = await signIn({ plan: "pro" });
    const created = await call(createPOST, "/api/servers", {
      headers: owner.bearer,
      body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp`, headers: [] },
    });
    const id = created.json.id as string;
    const uri = "demo://resource/dynamic/text/3";
    const statuses: number[] = [];
    // The limit's window is a fixed minute: twice the limit meets it even when a minute turns on the way.
    for (let i = 0; i < 121; i++) {
      const res = await call(subscribePOST, `/api/servers/${id}/subscriptions`, { headers: owner.bearer, body: { uri }, params: { id } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);

    const streams: number[] = [];
    for (let i = 0; i < 61; i++) {
      const abort = new AbortController();
      const res = await eventsGET(new NextRequest(`${ORIGIN}/api/servers/${id}/events`, { headers: owner.bearer, signal: abort.signal }), {
        params: Promise.resolve({ id }),
      });
      streams.push(res.status);
      abort.abort();
      await res.body?.cancel();
    }
    expect(streams.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(streams).toContain(429);
  });
});
