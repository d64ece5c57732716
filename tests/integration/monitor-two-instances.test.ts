import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/database";
import { servers, users } from "@/lib/db/schema";
import { DEFAULT_CHECK_TIMEOUT_MS } from "@/lib/monitoring/check";
import { firstDue, nextDueAfter } from "@/lib/servers/check-schedule";
import { createPostgresDatabase } from "../support/databases";
import { startSilentServer, type RunningServer } from "../support/mcp-server";
import { startRawMcpServer } from "../support/raw-mcp-server";

/**
 * Two instances of the service's background side (tests/support/monitor-instance.ts:
 * the real start-up, scheduler and check, each its own Node process) share
 * one PostgreSQL with 200 monitored servers for two minutes: every due check
 * runs exactly once, by one of them, none is missed. Then one instance is
 * killed with SIGKILL in the middle of its checks, and the other takes over
 * its claims once their lease expires. Every check's `ping` is counted at
 * the MCP server itself, so a check run twice would show even though the
 * unique (server, due time) index refuses to store it twice.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const RUN_MS = 120_000;
const LEASE_SEC = 15;
const INTERVAL_SEC = 60;
const FAST = 180;
/** Servers that accept connections and never answer: their checks take the whole bound, so a killed instance surely holds some. */
const SILENT = 20;
const BOUND_MS = DEFAULT_CHECK_TIMEOUT_MS;
const ROOT = path.resolve(__dirname, "../..");

if (!ADMIN_URL) console.log("two-instance scheduler test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => Promise<boolean>, what: string, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Forwards to the MCP server and counts, per `?s=<server id>`, the pings it sees: one per check that ran. */
async function startPingCounter(target: RunningServer) {
  const pings = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method === "POST") {
        const messages = [JSON.parse(body.toString("utf8") || "null")].flat();
        const id = new URL(req.url ?? "/", "http://x").searchParams.get("s") ?? "";
        if (messages.some((m) => m?.method === "ping")) pings.set(id, (pings.get(id) ?? 0) + 1);
      }
      const upstream = http.request(
        { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    pings,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Instance {
  name: string;
  child: ChildProcess;
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startInstance(name: string, databaseUrl: string): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mcp-console-${name}-`));
  const child = spawn(process.execPath, [path.join(ROOT, "tests/support/run-ts.mjs"), path.join(ROOT, "tests/support/monitor-instance.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATABASE_URL: databaseUrl,
      FIREBASE_PROJECT_ID: "demo-mcp-console-test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      INSTANCE_ID: name,
      MONITOR_LEASE_SEC: String(LEASE_SEC),
      MONITOR_CONCURRENCY: "10",
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let pending = "";
  const collect = (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { name, child, logs, exited };
}

async function select<T>(db: Database["db"], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const logged = (i: Instance, msg: string) => i.logs.find((l) => l.msg === msg);

(ADMIN_URL ? describe : describe.skip)("two service instances on one PostgreSQL", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: Database;
  let target: RunningServer;
  let silent: RunningServer;
  let counter: Awaited<ReturnType<typeof startPingCounter>>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase(ADMIN_URL!);
    // Migrated here first, so that the two instances starting together find nothing to migrate.
    handle = await openDatabase({ url: created.url });
    // A fast, light MCP server: the machine's two cores go to the instances under test.
    target = await startRawMcpServer({ methods: {}, tools: [{ name: "echo", inputSchema: { type: "object" } }] });
    silent = await startSilentServer();
    counter = await startPingCounter(target);
  });

  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill("SIGKILL");
    await Promise.all(instances.map((i) => i.exited));
    await Promise.all([target?.stop(), silent?.stop(), counter?.stop()]);
    await handle?.close();
    await created?.drop();
  });

  // The instances run for RUN_MS, then are stopped, killed and checked.
  it("runs every due check exactly once, misses none, and retakes a killed instance's claims", async () => {
    const db = handle.db;
    const uid = "two-instances-owner";
    await db.insert(users).values({ uid, email: "owner@example.com", displayName: "Owner", subscriptionPlan: "enterprise" });
    const now = new Date();
    const rows = Array.from({ length: FAST + SILENT }, (_, i) => {
      const id = randomUUID();
      return {
        id,
        ownerUid: uid,
        name: `server-${i}`,
        transport: "streamable-http" as const,
        url: i < FAST ? `${counter.origin}/mcp?s=${id}` : `${silent.origin}/mcp`,
        monitoringEnabled: true,
        intervalSec: INTERVAL_SEC,
        nextCheckAt: firstDue(id, { enabled: true, intervalSec: INTERVAL_SEC, paused: false }, now),
      };
    });
    await db.insert(servers).values(rows);
    const fast = new Set(rows.slice(0, FAST).map((r) => r.id));
    const silentIds: string[] = rows.slice(FAST).map((r) => r.id);

    const [a, b] = [startInstance("a", created.url), startInstance("b", created.url)];
    instances.push(a, b);
    await until(async () => !!(logged(a, "started") && logged(b, "started")), "both instances to start", 60_000);
    const t0 = Date.now();
    await sleep(RUN_MS);

    // Killed while it surely has checks in flight.
    const leasedBy = (name: string) =>
      select<{ id: string; due: number }>(db, sql`select id, (extract(epoch from next_check_at) * 1000)::float8 as due from servers where lease_owner = ${name}`);
    await until(async () => (await leasedBy("a")).some((r) => silentIds.includes(r.id)), "instance a to hold a claim on a silent server", 60_000);
    a.child.kill("SIGKILL");
    await a.exited;
    const killedAt = Date.now();
    const orphaned = await leasedBy("a");

    const checkOf = (id: string, due: number) =>
      select<{ instance: string; started: number }>(
        db,
        sql`select instance, (extract(epoch from started_at) * 1000)::float8 as started from monitor_checks where server_id = ${id} and (extract(epoch from due_at) * 1000)::float8 = ${due}`,
      );
    await until(
      async () => (await Promise.all(orphaned.map((o) => checkOf(o.id, o.due)))).every((r) => r.length === 1),
      "the killed instance's claims to be retaken",
      (LEASE_SEC + 60) * 1000,
    );
    const retaken = (await Promise.all(orphaned.map((o) => checkOf(o.id, o.due)))).flat();
    await sleep(Math.max(0, killedAt + (LEASE_SEC + 25) * 1000 - Date.now()));

    b.child.kill("SIGTERM");
    const bExit = await b.exited;
    const end = Date.now();

    const checks = await select<{ server_id: string; due: number; started: number; instance: string }>(
      db,
      sql`select server_id, (extract(epoch from due_at) * 1000)::float8 as due, (extract(epoch from started_at) * 1000)::float8 as started, instance from monitor_checks where trigger = 'schedule'`,
    );
    const byKey = new Map<string, (typeof checks)[number][]>();
    for (const c of checks) byKey.set(`${c.server_id}@${c.due}`, [...(byKey.get(`${c.server_id}@${c.due}`) ?? []), c]);

    // Every slot that fell due while both ran, and late enough after the kill to have run, has its check.
    const windows = [
      { from: t0, to: killedAt - (LEASE_SEC * 1000 + BOUND_MS), lateAfterMs: LEASE_SEC * 1000 },
      { from: killedAt, to: end - BOUND_MS - 5_000, lateAfterMs: (LEASE_SEC + 5) * 1000 + BOUND_MS },
    ];
    let expected = 0;
    const missed: string[] = [];
    const late: string[] = [];
    for (const w of windows) {
      for (const r of rows) {
        for (let t = nextDueAfter(r.id, INTERVAL_SEC, new Date(w.from - 1)).getTime(); t <= w.to; t += INTERVAL_SEC * 1000) {
          expected += 1;
          const ran = byKey.get(`${r.id}@${t}`);
          if (!ran) missed.push(`${r.id}@${new Date(t).toISOString()}`);
          else if (ran[0].started - t > w.lateAfterMs) late.push(`${r.id}@${new Date(t).toISOString()}`);
        }
      }
    }
    // A ping is a check's connection: one per stored check, but for a check the killed instance had in flight.
    const orphanedIds = new Set(orphaned.map((o) => o.id));
    const rowsPer = new Map<string, number>();
    for (const c of checks) rowsPer.set(c.server_id, (rowsPer.get(c.server_id) ?? 0) + 1);
    const ranTwice = [...fast].filter((id) => (counter.pings.get(id) ?? 0) - (rowsPer.get(id) ?? 0) > (orphanedIds.has(id) ? 1 : 0));
    const lags = checks.filter((c) => c.started < killedAt).map((c) => c.started - c.due).sort((x, y) => x - y);
    const byInstance = { a: checks.filter((c) => c.instance === "a").length, b: checks.filter((c) => c.instance === "b").length };

    console.log(
      `two instances, ${FAST + SILENT} servers every ${INTERVAL_SEC} s, ${Math.round((killedAt - t0) / 1000)} s together then ${Math.round((end - killedAt) / 1000)} s alone: ` +
        `${checks.length} checks (a ${byInstance.a}, b ${byInstance.b}), ${expected} due slots expected, ${missed.length} missed, ${late.length} late, ` +
        `${ranTwice.length} servers checked twice for one due time; lag p50 ${lags[Math.floor(lags.length / 2)]?.toFixed(0)} ms, p95 ${lags[Math.floor(lags.length * 0.95)]?.toFixed(0)} ms; ` +
        `a was killed holding ${orphaned.length} claims, all retaken (${retaken.filter((r) => r.instance === "b").length} run by b after the kill)`,
    );

    expect(byKey.size).toBe(checks.length);
    expect(ranTwice).toEqual([]);
    expect(missed).toEqual([]);
    expect(late).toEqual([]);
    expect(byInstance.a).toBeGreaterThan(0);
    expect(byInstance.b).toBeGreaterThan(0);
    expect(orphaned.length).toBeGreaterThan(0);
    expect(retaken).toHaveLength(orphaned.length);
    // A silent server's check never stores anything before its bound, so a killed one is run again by b.
    expect(retaken.some((r) => r.instance === "b" && r.started > killedAt)).toBe(true);
    // b stopped on SIGTERM: finished what it had in flight and gave back every lease.
    expect(bExit.code).toBe(143);
    expect(logged(b, "monitoring scheduler stopped")).toMatchObject({ drained: true });
    expect(await leasedBy("b")).toEqual([]);
  }, RUN_MS + 180_000);
});
