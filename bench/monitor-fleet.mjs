// One fleet of `npm run bench:monitor` (scripts/bench-monitor.mjs): thousands
// of monitored servers of one kind, all pointing at one local MCP server,
// seeded straight into a fresh database and checked by scripts/server.mjs
// over the production build, against a bare SDK loop doing the same check as
// the machine's ceiling. A 2025 fleet (server-everything) is checked the 2025
// way: connect, initialize, ping, tools/list, close. A modern fleet (a
// 2026-07-28-only server) has no handshake and no ping: one
// `server/discover`, then tools/list. Each fleet is seeded with the verdict a
// console keeps of its server once it has spoken to it (lib/upstream/negotiation.ts),
// so every check measured is a steady-state one, with no probe.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { waitFor } from "../scripts/lib/ports.mjs";
import { freePort, freshPostgres, startNext } from "./console-app.mjs";
import { openSql } from "./database.mjs";
import { cpuOf, postgresBackends, treeOf, usage } from "./proc.mjs";
import { percentile } from "./stats.mjs";

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
const MODERN = "2026-07-28";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmt = (x, digits = 0) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(digits));

/** What the console declares as a client: servers list some tools only to clients that declare it. */
const CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };

/**
 * The two kinds of check, done the bare way by the SDK's own clients: what
 * the service's check of that kind does, with nothing of the service's.
 * `verdict` is what a console remembers of such a server after speaking to it.
 */
export const KINDS = {
  2025: {
    title: "2025 (server-everything: connect, initialize, ping, tools/list, close)",
    bare: "connect, ping, tools/list, close",
    async connect(url) {
      const client = new Client({ name: "bench-monitor", version: "1.0.0" }, { capabilities: CAPABILITIES });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    },
    async check(url) {
      const client = await this.connect(url);
      await client.ping();
      await client.listTools();
      await client.close();
    },
    verdict: async () => ({ kind: "legacy" }),
  },
  modern: {
    title: `${MODERN} (a v2 server of that revision only: server/discover, tools/list)`,
    bare: "connect (server/discover), tools/list, close",
    async connect(url) {
      const client = new ModernClient({ name: "bench-monitor", version: "2.0.0" }, { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: MODERN } } });
      await client.connect(new ModernTransport(new URL(url)));
      return client;
    },
    async check(url) {
      const client = await this.connect(url);
      // Each check is a new client: nothing is served from a cache of an earlier list.
      await client.listTools();
      await client.close();
    },
    async verdict(url) {
      const client = await this.connect(url);
      const discover = client.getDiscoverResult();
      await client.close();
      return { kind: "modern", discover };
    },
  },
};

/**
 * Checks per second of the bare loop at the service's concurrency, and the CPU it spent per check
 * in this process. Only checks that succeed count; a failed one (on a loaded machine the server
 * can close a kept-alive connection as it is reused) is counted apart instead of ending the benchmark.
 */
export async function ceiling(kind, url, sec = CEILING_SEC) {
  const until = Date.now() + sec * 1000;
  const cpu = process.cpuUsage();
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        try {
          await KINDS[kind].check(url);
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

async function seed({ openDatabase, kind, url, project, firstDueAt, intervalSec }) {
  const client = await KINDS[kind].connect(url);
  const { tools } = await client.listTools();
  await client.close();
  const hash = project.toolsHash(tools);
  const verdict = JSON.stringify(await KINDS[kind].verdict(url));
  const db = await openDatabase();
  const uid = "bench-monitor-owner";
  await db.query("insert into users (uid, email, display_name, subscription_plan) values ($1, $2, $3, 'enterprise')", [uid, "bench@example.com", "Bench"]);
  for (let i = 0; i < SERVERS; i += 500) {
    const ids = Array.from({ length: Math.min(500, SERVERS - i) }, () => randomUUID());
    const values = [];
    const params = [verdict];
    ids.forEach((id, j) => {
      params.push(id, `bench-${i + j}`, project.nextDueAfter(id, intervalSec, firstDueAt).toISOString());
      const n = params.length;
      values.push(`($${n - 2}, '${uid}', $${n - 1}, 'streamable-http', '${url}', true, ${intervalSec}, '${hash}', $${n}, $1::jsonb)`);
    });
    await db.query(
      `insert into servers (id, owner_uid, name, transport, url, monitoring_enabled, interval_sec, tools_hash, next_check_at, protocol_prior) values ${values.join(", ")}`,
      params,
    );
  }
  await db.close();
  return { hash, verdict };
}

/**
 * One fleet of `kind` on the MCP server at `url` (whose processes are `mcpPids`): seeded, checked
 * by the service at BENCH_LOAD × the bare loop's ceiling, measured. `project`: the project's own
 * modules the service's schedule and tool hash come from. Prints the figures and returns the
 * costs per check.
 */
export async function benchFleet({ root, kind, url, mcpPids, project }) {
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-bench-monitor-"));
  const openDatabase = () => openSql({ root, databaseUrl: postgres?.url, dataDir });
  let service;
  try {
    // Unmeasured: the first seconds of any loop run code V8 has not optimized yet.
    await ceiling(kind, url, 5);
    const bareBefore = await ceiling(kind, url);
    const ceilingBefore = bareBefore.rate;
    console.log(`\n[${kind}] ceiling (bare SDK loop, concurrency ${CONCURRENCY}): ${fmt(ceilingBefore, 1)} checks/s`);

    const port = await freePort();
    const serviceUrl = `http://127.0.0.1:${port}`;
    // Checks fall due uniformly over the interval, so the load is BENCH_LOAD × the ceiling from the first due time on.
    const intervalSec = Math.max(MIN_INTERVAL_SEC, Math.round(SERVERS / (LOAD * ceilingBefore)));
    const firstDueAt = new Date(Date.now() + 60_000);
    const seeded = await seed({ openDatabase, kind, url, project, firstDueAt, intervalSec });
    /** Lets the bench read the service's V8 heap from /api/metrics (prom-client's default metrics). */
    const metricsToken = randomUUID();
    service = startNext(root, port, {
      DATA_DIR: dataDir,
      METRICS_TOKEN: metricsToken,
      FIREBASE_PROJECT_ID: "demo-mcp-console-bench",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
      LOG_LEVEL: "warn",
      MONITOR_CONCURRENCY: String(CONCURRENCY),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    await waitFor(async () => (await fetch(`${serviceUrl}/api/health`)).ok, 120_000, `${serviceUrl}/api/health`);
    // The first checks are due a minute after seeding; the service is up well before that.
    const servicePids = treeOf(service.pid);

    const timeApi = async (ms) => {
      const samples = [];
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const t = performance.now();
        const res = await fetch(`${serviceUrl}/api/health`);
        await res.arrayBuffer();
        samples.push(performance.now() - t);
        await sleep(250);
      }
      return samples;
    };
    /** The service's V8 heap now, in bytes, or null when the scrape failed. */
    const heapNow = async () => {
      try {
        const text = await (await fetch(`${serviceUrl}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
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
    // The pool's backends exist once the service has run a query.
    const backends = postgresBackends(postgres?.url);
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
    const bareAfter = await ceiling(kind, url);
    const ceilingAfter = bareAfter.rate;

    const db = await openDatabase();
    const checks = await db.query(
      `select (extract(epoch from started_at) * 1000)::float8 as started, (extract(epoch from due_at) * 1000)::float8 as due, result,
              coalesce(connect_ms, 0) + coalesce(initialize_ms, 0) + coalesce(ping_ms, 0) + coalesce(list_ms, 0) as took
         from monitor_checks where started_at >= to_timestamp($1) and started_at < to_timestamp($2)`,
      [from / 1000, to / 1000],
    );
    const [{ n: total }] = await db.query("select count(*)::int as n from monitor_checks");
    // A check that found another tool list or another revision than seeded would have done more than a steady-state check.
    const [{ n: drifted }] = await db.query("select count(*)::int as n from servers where tools_hash is distinct from $1 or protocol_prior is distinct from $2::jsonb", [
      seeded.hash,
      seeded.verdict,
    ]);
    await db.close();

    const seconds = (to - from) / 1000;
    const rate = checks.length / seconds;
    const lags = checks.map((c) => c.started - c.due);
    const took = checks.map((c) => Number(c.took));
    const failed = checks.filter((c) => c.result !== "up").length;
    const database = postgres ? "PostgreSQL" : "the embedded PGlite";
    const demand = SERVERS / intervalSec;

    console.log(`\nMonitoring benchmark, fleet ${KINDS[kind].title}: ${SERVERS} servers every ${intervalSec} s (${fmt(demand, 1)} checks/s due, ${fmt(demand / ceilingBefore, 2)} × the first ceiling), service on ${database}, MONITOR_CONCURRENCY=${CONCURRENCY}, measured over ${fmt(seconds)} s after a ${WARM_UP_SEC} s warm-up\n`);
    console.log(`ceiling, bare SDK loop (${KINDS[kind].bare}), concurrency ${CONCURRENCY}: ${fmt(ceilingBefore, 1)} checks/s before, ${fmt(ceilingAfter, 1)} after`);
    console.log(
      `service sustained: ${fmt(rate, 1)} checks/s (${checks.length} checks, ${failed} not up) = ${fmt(rate / ceilingBefore, 2)} × the ceiling before, ${fmt(rate / ceilingAfter, 2)} × after; ` +
        `${rate >= 0.95 * demand ? "kept up with" : "fell behind"} the ${fmt(demand, 1)} checks/s due`,
    );
    console.log(`scheduling lag (due → start): p50 ${fmt(percentile(lags, 50))} ms, p95 ${fmt(percentile(lags, 95))} ms — target p95 < 5000 ms: ${percentile(lags, 95) < 5000 ? "met" : "MISSED"}`);
    console.log(`check duration (all its phases): p50 ${fmt(percentile(took, 50))} ms, p95 ${fmt(percentile(took, 95))} ms`);
    if (drifted > 0) console.log(`${drifted} servers ended with another tool list or revision than seeded: their checks did more than a steady-state check`);
    console.log(`API (GET /api/health): idle p50 ${fmt(percentile(idleApi, 50), 1)} ms p95 ${fmt(percentile(idleApi, 95), 1)} ms; while checking p50 ${fmt(percentile(loadedApi, 50), 1)} ms p95 ${fmt(percentile(loadedApi, 95), 1)} ms max ${fmt(Math.max(...loadedApi), 1)} ms (${loadedApi.length} requests)`);
    const share = (key) => `${fmt(((cpu1[key] - cpu0[key]) / seconds) * 100)} %`;
    console.log(`CPU over the measure (100 % = one core; the machine has ${os.cpus().length}): service ${share("service")}, MCP server ${share("mcp")}${postgres ? `, PostgreSQL ${share("pg")}` : ""}`);
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
    if (rate === 0) return null;
    const perCheck = (key) => (cpu1[key] - cpu0[key]) / checks.length;
    const bareCpu = (bareBefore.cpuMs + bareAfter.cpuMs) / 2 / 1000;
    // What each side could do with the machine to itself: one Node process uses one core at most, and all share the cores.
    const cores = os.cpus().length;
    const most = (client, others) => Math.min(1 / client, 1 / perCheck("mcp"), cores / (client + others));
    const bound = most(perCheck("service"), perCheck("mcp") + perCheck("pg")) / most(bareCpu, perCheck("mcp"));
    console.log(`from CPU per check, the service can reach ${fmt(bound, 2)} × the ceiling on its own cores (target ≥ 0.70: ${bound >= 0.7 ? "met" : "MISSED"})`);
    const cost = { service: perCheck("service") * 1000, bare: bareCpu * 1000, mcp: perCheck("mcp") * 1000, pg: postgres ? perCheck("pg") * 1000 : null, rate, ceiling: ceilingBefore };
    console.log(
      `per check: ${fmt(cost.service, 1)} ms of service CPU (the bare loop: ${fmt(cost.bare, 1)} ms), ${fmt(cost.mcp, 1)} ms of the MCP server's CPU` +
        (postgres ? `, ${fmt(cost.pg, 1)} ms of PostgreSQL CPU` : ""),
    );
    return cost;
  } finally {
    if (service && service.exitCode === null) service.kill("SIGTERM");
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
