import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { openDatabase } from "@/lib/db/database";
import { activityEvents, servers, workbenchCalls } from "@/lib/db/schema";
import { HISTORY_LIMIT } from "@/lib/workbench/schema";
import { startApiInstance, type ApiInstance } from "../support/api-instances";
import { createPostgresDatabase } from "../support/databases";
import { createUser } from "../support/emulator";
import { startEverything, type RunningServer } from "../support/mcp-server";

/**
 * kill -9 of the service in the middle of a sustained write load (server
 * edits, each with its activity event, and workbench calls, each kept in the
 * history), then a restart on the same data: the database opens with no
 * repair by hand (on PGlite the dead process's data-folder lock is still
 * there and is recognised as stale), and every write answered 2xx is found.
 * The service is tests/support/api-instance.ts: the real start-up and route
 * handlers in a process of their own.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const LOAD_MS = 4_000;
/** Below the free plan's daily call quota and the history's length, so that every answered call must still be listed. */
const MAX_CALLS = Math.min(HISTORY_LIMIT, 200) - 10;
const APP_ORIGIN = "http://localhost:3000";

async function api(instance: ApiInstance, method: string, pathname: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${instance.origin}${pathname}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as Record<string, any> };
}

let everything: RunningServer;
beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
afterAll(async () => {
  await everything?.stop();
});

const DATABASES = [{ name: "pglite" }, ...(ADMIN_URL ? [{ name: "postgres" }] : [])];

describe.each(DATABASES)("kill -9 under write load [$name]", ({ name }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-crash-"));
  let created: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let env: Record<string, string>;
  let running: ApiInstance | undefined;

  beforeAll(async () => {
    if (name === "postgres") created = await createPostgresDatabase(ADMIN_URL!);
    env = { DATA_DIR: dataDir, ...(created ? { DATABASE_URL: created.url } : {}) };
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill("SIGKILL");
    await running?.exited;
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds every write answered 2xx after a restart, with no repair by hand", async () => {
    running = await startApiInstance(env);
    const first = running;
    const user = await createUser();
    const signedIn = await api(first, "POST", "/api/auth/session", { origin: APP_ORIGIN }, { idToken: user.idToken, uid: user.uid, email: user.email, displayName: null, photoURL: null });
    expect(signedIn.status).toBe(200);
    const auth = { authorization: `Bearer ${user.idToken}` };
    const tag = randomBytes(3).toString("hex");
    const ids: string[] = [];
    for (const n of [0, 1, 2]) {
      const res = await api(first, "POST", "/api/servers", auth, { name: `${tag}-${n}`, transport: "streamable-http", url: `${everything.origin}/mcp` });
      expect(res.status).toBe(201);
      ids.push(res.json.id as string);
    }
    const [editedA, editedB, called] = ids;

    // Each worker writes one at a time, so a server's name after the crash is its last acknowledged one or, when
    // the kill fell between commit and answer, the one after it.
    let killed = false;
    const editsAcked = new Map<string, number>();
    const edit = async (id: string) => {
      for (let i = 1; !killed; i++) {
        const res = await api(first, "PATCH", `/api/servers/${id}`, auth, { name: `${tag}-${id.slice(0, 8)}-${i}` }).catch(() => null);
        if (res?.status !== 200) break;
        editsAcked.set(id, i);
      }
    };
    const callsAcked: string[] = [];
    const callWorker = async () => {
      for (let i = 1; !killed && i <= MAX_CALLS; i++) {
        const message = `${tag}-call-${i}`;
        const res = await api(first, "POST", `/api/servers/${called}/call`, auth, { method: "tools/call", params: { name: "echo", arguments: { message } } }).catch(() => null);
        if (res?.status !== 200) break;
        callsAcked.push(message);
      }
    };
    const load = Promise.all([edit(editedA), edit(editedB), callWorker()]);
    await new Promise((r) => setTimeout(r, LOAD_MS));
    first.child.kill("SIGKILL");
    killed = true;
    expect((await first.exited).signal).toBe("SIGKILL");
    await load;
    if (name === "pglite") {
      // The dead process's lock is still there: the restart must see that it is stale.
      expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8").split(" ")[0]).toBe(String(first.child.pid));
    }

    const restartedAt = Date.now();
    running = await startApiInstance(env);
    const restartMs = Date.now() - restartedAt;
    for (const id of ids) expect((await api(running, "GET", `/api/servers/${id}`, auth)).status).toBe(200);
    running.child.kill("SIGTERM");
    await running.exited;

    const handle = await openDatabase(created ? { url: created.url } : { dataDir });
    try {
      const database = handle.db;
      let found = 0;
      let acknowledged = 0;
      for (const id of [editedA, editedB]) {
        const last = editsAcked.get(id) ?? 0;
        acknowledged += last;
        const [row] = await database.select({ name: servers.name }).from(servers).where(eq(servers.id, id));
        const stored = Number(row.name.split("-").pop());
        expect(stored === last || stored === last + 1).toBe(true);
        const events = await database
          .select({ summary: activityEvents.summary })
          .from(activityEvents)
          .where(and(eq(activityEvents.action, "server.updated"), eq(activityEvents.targetId, id)));
        const summaries = new Set(events.map((e) => e.summary));
        for (let i = 1; i <= last; i++) if (summaries.has(`Updated ${tag}-${id.slice(0, 8)}-${i}: name`)) found++;
      }
      acknowledged += callsAcked.length;
      const history = await database.select({ params: workbenchCalls.params }).from(workbenchCalls).where(eq(workbenchCalls.serverId, called));
      const kept = new Set(history.map((h) => (h.params as { arguments?: { message?: string } }).arguments?.message));
      found += callsAcked.filter((m) => kept.has(m)).length;

      console.log(
        `kill -9 [${name}]: acknowledged ${acknowledged} (server edits with their activity events ${acknowledged - callsAcked.length}, workbench calls ${callsAcked.length}), ` +
          `found ${found}; the restart listened after ${restartMs} ms`,
      );
      expect(acknowledged).toBeGreaterThan(0);
      expect(callsAcked.length).toBeGreaterThan(0);
      expect(found).toBe(acknowledged);
    } finally {
      await handle.close();
    }
  });
});
