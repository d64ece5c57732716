import fs from "node:fs";
import path from "node:path";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as serverGET } from "@/app/api/servers/[id]/route";
import { POST as scanPOST } from "@/app/api/servers/[id]/scan/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { POST as testPOST } from "@/app/api/servers/test/route";
import { workbenchPool } from "@/lib/upstream/pool";
import { watchdog } from "@/lib/upstream/stdio-process";
import { BUNDLED } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken } from "../support/gateway";
import { call } from "../support/http";
import { cgroupsLeftAfter, leftoverCgroups, ownPidsCgroup } from "../support/sandbox";
import { signedIn, type Session } from "../support/sign-in";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * The life cycle of stdio servers' processes: one per (owner, server), shared by the workbench,
 * checks, scans and every gateway client; stopped when idle; counted against the plan; started
 * again after a crash only once its backoff has passed. A sandbox is a cgroup: counting the
 * test process's sandbox cgroups counts the processes.
 */

const PACKAGE = { registryType: "npm" as const, identifier: BUNDLED.name, version: BUNDLED.version };

const WATCHDOG = { ...watchdog() };

const stdio = stdioSuite({ gateway: true });

/** Waits until `ok()` holds, or `withinMs` passed; answers whether it held. */
async function eventually(ok: () => boolean | Promise<boolean>, withinMs = 10_000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (!(await ok()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return ok();
}

/** Sends `signal` to every process of the test's sandboxes: SIGKILL ends them as a crash would, SIGSTOP freezes them as a stuck server is. */
function signalAll(signal: NodeJS.Signals) {
  for (const name of leftoverCgroups()) {
    const pids = fs.readFileSync(path.join(ownPidsCgroup(), name, "cgroup.procs"), "utf8").split("\n").filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), signal);
      } catch (err) {
        // A process that ended between the read and the signal (a short-lived child of the server).
        if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
      }
    }
  }
}

describeEachDatabase("stdio servers' processes", () => {
  const owner = ownerSignedIn();
  afterEach(async () => {
    await workbenchPool().closeAll();
    workbenchPool().configure({ idleMs: 5 * 60_000 });
    Object.assign(watchdog(), WATCHDOG);
    expect(await cgroupsLeftAfter()).toEqual([]);
  }, 30_000);

  const create = async (session: Session, name: string) => {
    const created = await call(serversPOST, "/api/servers", { headers: session.headers, body: { name, transport: "stdio", package: PACKAGE, args: ["stdio"] } });
    expect(created.status).toBe(201);
    return created.json.id as string;
  };
  const echo = (session: Session, id: string, message = "hello") =>
    call(callPOST, `/api/servers/${id}/call`, { params: { id }, headers: session.headers, body: { method: "tools/call", params: { name: "echo", arguments: { message } } } });
  const processOf = async (session: Session, id: string) => (await call(serverGET, `/api/servers/${id}`, { params: { id }, headers: session.headers })).json.process;

  it("runs one process for the workbench, a check, a scan and two gateway clients, and stops it when idle", async () => {
    const id = await create(owner, "Shared everything");
    // The registration's discovery started it, and left it running for what comes next.
    expect(leftoverCgroups()).toHaveLength(1);
    const started = await processOf(owner, id);
    expect(started).toMatchObject({ state: "running", lastExit: null, restarts: 0, restartAfter: null });

    expect((await echo(owner, id)).json.result.content).toEqual([{ type: "text", text: "Echo: hello" }]);
    const check = await call(checkPOST, `/api/servers/${id}/check`, { params: { id }, headers: owner.headers });
    expect(check.json).toMatchObject({ check: { result: "up" } });
    const scan = await call(scanPOST, `/api/servers/${id}/scan`, { params: { id }, headers: owner.headers });
    expect(scan.status).toBe(200);
    expect(scan.json.refreshError ?? null).toBeNull();

    const gateway = await createGateway(owner, { name: "Shared", servers: [{ serverId: id, prefix: "ev", tools: { allow: ["echo"] } }] });
    const token = await gatewayToken(owner);
    const clients = await Promise.all([connectClient(stdio.endpoint.url(gateway.slug), token), connectClient(stdio.endpoint.url(gateway.slug), token)]);
    try {
      // Two clients at once, beside a workbench call: requests of all three on the one process.
      const answers = await Promise.all([
        ...clients.map((client, i) => client.callTool({ name: "ev__echo", arguments: { message: `client ${i}` } })),
        echo(owner, id, "workbench").then((r) => r.json.result),
      ]);
      expect(answers.map((a) => JSON.stringify(a.content))).toEqual([
        expect.stringContaining("Echo: client 0"),
        expect.stringContaining("Echo: client 1"),
        expect.stringContaining("Echo: workbench"),
      ]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
    expect(leftoverCgroups()).toHaveLength(1);
    // The very process the registration started: never restarted meanwhile.
    expect(await processOf(owner, id)).toEqual(started);

    workbenchPool().configure({ idleMs: 200 });
    // The idle time starts again at the next release.
    await echo(owner, id);
    expect(await cgroupsLeftAfter()).toEqual([]);
    expect(await processOf(owner, id)).toMatchObject({ state: "stopped", lastExit: { reason: "The console stopped the server." }, restarts: 0 });

    // Started again on the next use.
    expect((await echo(owner, id, "again")).json.result.content).toEqual([{ type: "text", text: "Echo: again" }]);
    expect(await processOf(owner, id)).toMatchObject({ state: "running", restarts: 0 });
  }, 120_000);

  it("refuses a process past the plan's count while the others are busy, and stops an idle one to make room", async () => {
    const free = await signedIn("free tier");
    const ids = [await create(free, "First"), await create(free, "Second"), await create(free, "Third")];
    // Free runs two at once: each registration's discovery stopped an idle one to start its own (which is gone within a second).
    const two = () => eventually(() => leftoverCgroups().length === 2);
    expect(await two()).toBe(true);
    const long = (id: string) =>
      call(callPOST, `/api/servers/${id}/call`, {
        params: { id },
        headers: free.headers,
        body: { method: "tools/call", params: { name: "trigger-long-running-operation", arguments: { duration: 3, steps: 3 } } },
      });
    const busy = [long(ids[0]), long(ids[1])];
    // Both calls have their process (one started again after it gave way) before the third asks.
    expect(await eventually(async () => (await processOf(free, ids[0]))?.state === "running" && (await processOf(free, ids[1]))?.state === "running")).toBe(true);
    const refused = await echo(free, ids[2]);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toBe(
      "You already run 2 stdio servers at once, the most the Free plan allows, and none of them is idle. Try again when a call on one of them has ended, or move to a plan that runs more.",
    );
    // "Test connection" of a package starts a process too, under the same caps.
    const tested = await call(testPOST, "/api/servers/test", { headers: free.headers, body: { transport: "stdio", package: PACKAGE, args: ["stdio"] } });
    expect(tested.status).toBe(502);
    expect(tested.json.message).toBe(refused.json.message);
    for (const done of await Promise.all(busy)) expect(done.status).toBe(200);
    expect(await two()).toBe(true);

    // Now both are idle: the third's use stops one of them (the one whose call took its connection first, which
    // the two requests race for).
    expect((await echo(free, ids[2])).status).toBe(200);
    expect(await two()).toBe(true);
    const [first, second] = await Promise.all([processOf(free, ids[0]), processOf(free, ids[1])]);
    expect([first.state, second.state].sort()).toEqual(["running", "stopped"]);
    expect([first, second].find((p) => p.state === "stopped")).toMatchObject({ lastExit: { reason: "Stopped while idle to make room for another stdio server." } });
  }, 120_000);

  it("after a crash, refuses with the reason until its backoff has passed (a check fails with it), then starts it again", async () => {
    const id = await create(owner, "Crashing everything");
    signalAll("SIGKILL");
    expect(await eventually(async () => (await processOf(owner, id))?.state === "failed")).toBe(true);
    const failed = await processOf(owner, id);
    expect(failed).toMatchObject({ state: "failed", lastExit: { reason: expect.stringMatching(/^The server crashed \(/) }, restarts: 0 });
    expect(Date.parse(failed.restartAfter)).toBeGreaterThan(Date.parse(failed.since));

    // Within the backoff: nothing is started, and the check says why.
    const check = await call(checkPOST, `/api/servers/${id}/check`, { params: { id }, headers: owner.headers });
    expect(check.json.check).toMatchObject({
      result: "failed",
      reason: expect.stringMatching(/^The server crashed \(SIGKILL\)\..* The console starts it again on the next use after 1 second\.$/),
    });
    expect(leftoverCgroups()).toEqual([]);

    // After it: the next use starts it again.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(failed.restartAfter) - Date.now() + 50));
    expect((await echo(owner, id, "back")).json.result.content).toEqual([{ type: "text", text: "Echo: back" }]);
    expect(await processOf(owner, id)).toMatchObject({ state: "running", restarts: 1 });

    // A second crash in a row waits twice as long.
    signalAll("SIGKILL");
    expect(await eventually(async () => (await processOf(owner, id))?.state === "failed")).toBe(true);
    const again = await echo(owner, id);
    expect(again.status).toBe(502);
    expect(again.json.message).toMatch(/^The server crashed \(SIGKILL\)\..* The console starts it again on the next use after 2 seconds\.$/);
    expect(leftoverCgroups()).toEqual([]);
  }, 120_000);

  it("stops a process that no longer answers, with that reason, and waits out the backoff before the next start", async () => {
    Object.assign(watchdog(), { everyMs: 200, timeoutMs: 500 });
    const id = await create(owner, "Stuck everything");
    expect(await processOf(owner, id)).toMatchObject({ state: "running" });
    // Frozen: it neither answers nor exits.
    signalAll("SIGSTOP");
    expect(await eventually(async () => (await processOf(owner, id))?.state === "failed")).toBe(true);
    expect(await processOf(owner, id)).toMatchObject({ lastExit: { reason: "The server stopped answering (no answer to a ping within 0.5 s) and was stopped." } });
    expect(await cgroupsLeftAfter()).toEqual([]);
    const refused = await echo(owner, id);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toBe(
      "The server stopped answering (no answer to a ping within 0.5 s) and was stopped. The console starts it again on the next use after 1 second.",
    );
  }, 120_000);
});
