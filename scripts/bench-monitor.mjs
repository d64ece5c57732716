// `npm run bench:monitor`: how many health checks per second the service
// sustains, and how late they start. First, a bare loop of MCP SDK clients
// doing only connect, ping, tools/list, close at MONITOR_CONCURRENCY against
// one local server-everything gives this machine's ceiling. Then thousands of
// monitored servers (rows seeded straight into a fresh database, all pointing
// at that server-everything) fall due at BENCH_LOAD × the ceiling (0.8 by
// default: the bar is to sustain 0.7 × the ceiling with a lag p95 under 5 s;
// above 1 the service is saturated and shows its most) and are checked by
// scripts/server.mjs over the production build. While it checks, a simple API
// request (`GET /api/health`: the route wrapper and a database round trip) is
// timed every quarter second; the ceiling is measured again at the end.
// Prints the figures; asserts nothing.
//
// The service runs on a fresh database of the PostgreSQL server named by
// BENCH_DATABASE_URL, or on its embedded PGlite when that is unset (seeded
// before it starts, read after it stops: PGlite allows one process).
// BENCH_SERVERS, BENCH_LOAD, BENCH_CONCURRENCY, BENCH_MEASURE_SEC change the run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ensureBuild, freePort, freshPostgres, startNext } from "../bench/console-app.mjs";
import { openSql } from "../bench/database.mjs";
import { usage } from "../bench/proc.mjs";
import { percentile } from "../bench/stats.mjs";
import { startDemoMcpServer } from "./lib/demo-mcp-server.mjs";
import { loadProjectModule } from "./lib/project-modules.mjs";
import { waitFor } from "./lib/ports.mjs";
import { stopAll } from "./lib/processes.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 5000);
const LOAD = Number(process.env.BENCH_LOAD ?? 0.8);
/** The shortest interval any plan allows. */
const MIN_INTERVAL_SEC = 30;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const MEASURE_SEC = Number(process.env.BENCH_MEASURE_SEC ?? 60);
const CEILING_SEC = 20;
/** Checks begin this long after the service is up: the API is first timed idle. */
const IDLE_SEC = 15;
/** The first round of checks is left out of the figures (connections and code warming up). */
const WARM_UP_SEC = 20;

// The project's own TypeScript, for the phase spread and the tool-list hash the service uses.
const { nextDueAfter } = await loadProjectModule("lib/servers/check-schedule.ts");
const { toolsHash } = await loadProjectModule("lib/mcp/tools-hash.ts");

await ensureBuild(root);

const mcpPort = await freePort();
const everything = await startDemoMcpServer({ port: mcpPort });
if (!everything) throw new Error(`port ${mcpPort} was taken before server-everything could use it`);
const mcpUrl = everything.url;
const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-bench-monitor-"));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (x, digits = 0) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(digits));

/** A client that declares what the console declares: servers list some tools only to such clients. */
async function connect() {
  const client = new Client(
    { name: "bench-monitor", version: "1.0.0" },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

/** One check the bare way: connect, ping, tools/list, close. */
async function bareCheck() {
  const client = await connect();
  await client.ping();
  await client.listTools();
  await client.close();
}

/**
 * Checks per second of the bare loop, and the CPU it spent per check in this process. Only
 * checks that succeed count; a failed one (on a loaded machine the server can close a kept-alive
 * connection as it is reused) is counted apart instead of ending the benchmark.
 */
async function ceiling(sec = CEILING_SEC) {
  const until = Date.now() + sec * 1000;
  const cpu = process.cpuUsage();
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        try {
          await bareCheck();
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const spent = process.cpuUsage(cpu);
  if (failed > 0) console.log(`(bare loop: ${failed} checks failed and were not counted)`);
  return { rate: done / sec, cpuMs: (spent.user + spent.system) / 1000 / done };
}

const openDatabase = () => openSql({ root, databaseUrl: postgres?.url, dataDir });

async function seed(firstDueAt, intervalSec) {
  const client = await connect();
  const { tools } = await client.listTools();
  await client.close();
  const hash = toolsHash(tools);
  const db = await openDatabase();
  const uid = "bench-monitor-owner";
  await db.query("insert into users (uid, email, display_name, subscription_plan) values ($1, $2, $3, 'enterprise')", [uid, "bench@example.com", "Bench"]);
  for (let i = 0; i < SERVERS; i += 500) {
    const ids = Array.from({ length: Math.min(500, SERVERS - i) }, () => randomUUID());
    const values = [];
    const params = [];
    ids.forEach((id, j) => {
      params.push(id, `bench-${i + j}`, nextDueAfter(id, intervalSec, firstDueAt).toISOString());
      const n = params.length;
      values.push(`($${n - 2}, '${uid}', $${n - 1}, 'streamable-http', '${mcpUrl}', true, ${intervalSec}, '${hash}', $${n})`);
    });
    await db.query(
      `insert into servers (id, owner_uid, name, transport, url, monitoring_enabled, interval_sec, tools_hash, next_check_at) values ${values.join(", ")}`,
      params,
    );
  }
  await db.close();
}

const read = (file) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};
const processes = () =>
  fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      const stat = read(`/proc/${pid}/stat`);
      return {
        pid: Number(pid),
        ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]),
        cmdline: read(`/proc/${pid}/cmdline`).replaceAll("\0", " "),
        environ: read(`/proc/${pid}/environ`).split("\0"),
      };
    });
/** A process and all its descendants (other services may run on this machine too). */
function treeOf(root) {
  const all = processes();
  const pids = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (pids.has(p.pid) || !pids.has(p.ppid)) continue;
      pids.add(p.pid);
      grew = true;
    }
  }
  return [...pids];
}
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + usage(pid).cpuSec, 0);

// Unmeasured: the first seconds of any loop run code V8 has not optimized yet.
await ceiling(5);
const bareBefore = await ceiling();
const ceilingBefore = bareBefore.rate;
console.log(`ceiling (bare SDK loop, concurrency ${CONCURRENCY}): ${fmt(ceilingBefore, 1)} checks/s`);

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// Checks fall due uniformly over the interval, so the load is BENCH_LOAD × the ceiling from the first due time on.
const INTERVAL_SEC = Math.max(MIN_INTERVAL_SEC, Math.round(SERVERS / (LOAD * ceilingBefore)));
const firstDueAt = new Date(Date.now() + 60_000);
await seed(firstDueAt, INTERVAL_SEC);
/** Lets the bench read the service's V8 heap from /api/metrics (prom-client's default metrics). */
const metricsToken = randomUUID();
const service = startNext(root, port, {
  DATA_DIR: dataDir,
  METRICS_TOKEN: metricsToken,
  FIREBASE_PROJECT_ID: "demo-mcp-console-bench",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
  LOG_LEVEL: "warn",
  MONITOR_CONCURRENCY: String(CONCURRENCY),
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
try {
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 120_000, `${url}/api/health`);
  // The first checks are due a minute after seeding; the service is up well before that.
  const servicePids = treeOf(service.pid);
  const mcpPids = processes()
    .filter((p) => p.cmdline.includes("server-everything") && p.environ.includes(`PORT=${mcpPort}`))
    .map((p) => p.pid);
  // PostgreSQL names each backend's database in its title; the pool's backends exist once the service has run a query.
  const pgName = postgres ? new URL(postgres.url).pathname.slice(1) : null;
  const pgPids = () => (pgName ? processes().filter((p) => p.cmdline.startsWith("postgres:") && p.cmdline.includes(` ${pgName} `)).map((p) => p.pid) : []);

  const timeApi = async (ms) => {
    const samples = [];
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const t = performance.now();
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      samples.push(performance.now() - t);
      await sleep(250);
    }
    return samples;
  };
  /** The service's V8 heap now, in bytes, or null when the scrape failed. */
  const heapNow = async () => {
    try {
      const text = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      const value = (name) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1]);
      return { used: value("nodejs_heap_size_used_bytes"), total: value("nodejs_heap_size_total_bytes"), external: value("nodejs_external_memory_bytes") };
    } catch {
      return null;
    }
  };
  const idleHeap = await heapNow();
  const idleApi = await timeApi(Math.min(IDLE_SEC * 1000, Math.max(0, firstDueAt.getTime() - Date.now() - 1_000)));
  await sleep(Math.max(0, firstDueAt.getTime() + WARM_UP_SEC * 1000 - Date.now()));

  const from = Date.now();
  const backends = pgPids();
  const cpu0 = { service: cpuOf(servicePids), mcp: cpuOf(mcpPids), pg: cpuOf(backends) };
  let maxRss = 0;
  const rssTimer = setInterval(() => (maxRss = Math.max(maxRss, ...servicePids.map((pid) => usage(pid).rss))), 1_000);
  const heapSamples = [];
  const heapTimer = setInterval(() => void heapNow().then((h) => h && heapSamples.push(h)), 2_000);
  const loadedApi = await timeApi(MEASURE_SEC * 1000);
  const to = Date.now();
  const cpu1 = { service: cpuOf(servicePids), mcp: cpuOf(mcpPids), pg: cpuOf(backends) };
  clearInterval(rssTimer);
  clearInterval(heapTimer);

  service.kill("SIGTERM");
  await new Promise((resolve) => service.once("exit", resolve));
  const bareAfter = await ceiling();
  const ceilingAfter = bareAfter.rate;

  const db = await openDatabase();
  const checks = await db.query(
    `select (extract(epoch from started_at) * 1000)::float8 as started, (extract(epoch from due_at) * 1000)::float8 as due, result,
            coalesce(connect_ms, 0) + coalesce(initialize_ms, 0) + coalesce(ping_ms, 0) + coalesce(list_ms, 0) as took
       from monitor_checks where started_at >= to_timestamp($1) and started_at < to_timestamp($2)`,
    [from / 1000, to / 1000],
  );
  const [{ n: total }] = await db.query("select count(*)::int as n from monitor_checks");
  await db.close();

  const rate = checks.length / ((to - from) / 1000);
  const lags = checks.map((c) => c.started - c.due);
  const took = checks.map((c) => Number(c.took));
  const failed = checks.filter((c) => c.result !== "up").length;
  const seconds = (to - from) / 1000;
  const database = postgres ? "PostgreSQL" : "the embedded PGlite";
  const demand = SERVERS / INTERVAL_SEC;

  console.log(`\nMonitoring benchmark: ${SERVERS} servers every ${INTERVAL_SEC} s (${fmt(demand, 1)} checks/s due, ${fmt(demand / ceilingBefore, 2)} × the first ceiling) on one server-everything, service on ${database}, MONITOR_CONCURRENCY=${CONCURRENCY}, measured over ${fmt(seconds)} s after a ${WARM_UP_SEC} s warm-up\n`);
  console.log(`ceiling, bare SDK loop (connect, ping, tools/list, close), concurrency ${CONCURRENCY}: ${fmt(ceilingBefore, 1)} checks/s before, ${fmt(ceilingAfter, 1)} after`);
  console.log(
    `service sustained: ${fmt(rate, 1)} checks/s (${checks.length} checks, ${failed} not up) = ${fmt(rate / ceilingBefore, 2)} × the ceiling before, ${fmt(rate / ceilingAfter, 2)} × after; ` +
      `${rate >= 0.95 * demand ? "kept up with" : "fell behind"} the ${fmt(demand, 1)} checks/s due`,
  );
  console.log(`scheduling lag (due → start): p50 ${fmt(percentile(lags, 50))} ms, p95 ${fmt(percentile(lags, 95))} ms — target p95 < 5000 ms: ${percentile(lags, 95) < 5000 ? "met" : "MISSED"}`);
  console.log(`check duration (connect + initialize + ping + list): p50 ${fmt(percentile(took, 50))} ms, p95 ${fmt(percentile(took, 95))} ms`);
  console.log(`API (GET /api/health): idle p50 ${fmt(percentile(idleApi, 50), 1)} ms p95 ${fmt(percentile(idleApi, 95), 1)} ms; while checking p50 ${fmt(percentile(loadedApi, 50), 1)} ms p95 ${fmt(percentile(loadedApi, 95), 1)} ms max ${fmt(Math.max(...loadedApi), 1)} ms (${loadedApi.length} requests)`);
  const share = (key) => `${fmt(((cpu1[key] - cpu0[key]) / seconds) * 100)} %`;
  console.log(`CPU over the measure (100 % = one core; the machine has ${os.cpus().length}): service ${share("service")}, server-everything ${share("mcp")}${postgres ? `, PostgreSQL ${share("pg")}` : ""}`);
  console.log(`service memory: ${fmt(maxRss / 2 ** 20)} MiB resident at most; ${total} checks stored in all`);
  if (heapSamples.length > 0) {
    const mib = (bytes) => fmt(bytes / 2 ** 20);
    const most = (key) => Math.max(...heapSamples.map((h) => h[key]));
    // The lowest sample is the nearest to the heap after a full collection: what the service actually keeps.
    console.log(
      `V8 heap (every 2 s from /api/metrics): idle ${idleHeap ? mib(idleHeap.used) : "—"} MiB used; while checking used ${mib(Math.min(...heapSamples.map((h) => h.used)))}–${mib(most("used"))} MiB, ` +
        `heap at most ${mib(most("total"))} MiB, external at most ${mib(most("external"))} MiB`,
    );
  }
  if (rate > 0) {
    const perCheck = (key) => (cpu1[key] - cpu0[key]) / checks.length;
    const bareCpu = (bareBefore.cpuMs + bareAfter.cpuMs) / 2 / 1000;
    // What each side could do with the machine to itself: one Node process uses one core at most, and all share the cores.
    const cores = os.cpus().length;
    const most = (client, others) => Math.min(1 / client, 1 / perCheck("mcp"), cores / (client + others));
    const bound = most(perCheck("service"), perCheck("mcp") + perCheck("pg")) / most(bareCpu, perCheck("mcp"));
    console.log(`from CPU per check, the service can reach ${fmt(bound, 2)} × the ceiling on its own cores (target ≥ 0.70: ${bound >= 0.7 ? "met" : "MISSED"})`);
    console.log(
      `per check: ${fmt(((cpu1.service - cpu0.service) / checks.length) * 1000, 1)} ms of service CPU (the bare loop: ${fmt((bareBefore.cpuMs + bareAfter.cpuMs) / 2, 1)} ms), ` +
        `${fmt(((cpu1.mcp - cpu0.mcp) / checks.length) * 1000, 1)} ms of server-everything CPU${postgres ? `, ${fmt(((cpu1.pg - cpu0.pg) / checks.length) * 1000, 1)} ms of PostgreSQL CPU` : ""}`,
    );
  }
} finally {
  if (service.exitCode === null) service.kill("SIGTERM");
  everything.stop();
  stopAll();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
