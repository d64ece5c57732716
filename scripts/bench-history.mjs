// `npm run bench:history`: what one PostgreSQL holds of check history at
// 10,000 servers checked every minute (14.4 million raw checks a day). On a
// fresh database of the server named by BENCH_DATABASE_URL:
// - the service's own write per check (lib/monitoring/record.ts: the check,
//   the server's status, the hourly rollup, in one transaction) at a
//   concurrency of 10, in checks per second and PostgreSQL CPU per check;
// - the size of a day: one hour of checks for 10,000 servers (600,000 rows)
//   inserted in bulk, measured, and multiplied out;
// - the uptime query (lib/monitoring/service.ts getUptime) of one server
//   over each window, with 90 days of hourly rollups for 1,000 servers;
// - retention (lib/monitoring/retention.ts) deleting that hour once the
//   owner's plan no longer keeps it, in rows per second.
// Prints the figures; asserts nothing.
import fs from "node:fs";
import { freshPostgres } from "../bench/console-app.mjs";
import { percentile } from "../bench/stats.mjs";
import { loadProjectModule as load } from "./lib/project-modules.mjs";

const SERVERS = 10_000;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 5_000);
const ROLLUP_SERVERS = 1_000;

if (!process.env.BENCH_DATABASE_URL) {
  console.log("bench:history measures PostgreSQL: set BENCH_DATABASE_URL (a server where a database can be created), e.g. postgres://postgres@127.0.0.1:5432/postgres");
  process.exit(0);
}

const postgres = await freshPostgres(process.env.BENCH_DATABASE_URL);
process.env.DATABASE_URL = postgres.url;
process.env.LOG_LEVEL = "warn";
process.env.FIREBASE_PROJECT_ID ??= "demo-mcp-console-bench";

const { database } = await load("lib/db/index.ts");
const { recordCheck } = await load("lib/monitoring/record.ts");
const { getUptime } = await load("lib/monitoring/service.ts");
const { runRetention } = await load("lib/monitoring/retention.ts");
const { sql } = await import("drizzle-orm");

const fmt = (x, digits = 0) => x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mib = (bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
const gib = (bytes) => `${fmt(bytes / 2 ** 30, 1)} GiB`;

/** CPU seconds of this database's PostgreSQL backends (Linux /proc; the backend's title names its database). */
function postgresCpu() {
  const name = new URL(postgres.url).pathname.slice(1);
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${name} `)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

try {
  const db = (await database()).db;
  const rows = async (query) => (await db.execute(query)).rows;
  const owner = { uid: "bench-history-owner", subscriptionPlan: "enterprise", subscriptionExpiresAt: null };
  await db.execute(sql`insert into users (uid, email, display_name, subscription_plan) values (${owner.uid}, 'history@example.com', 'History', 'enterprise')`);
  await db.execute(sql`
    insert into servers (owner_uid, name, transport, url, monitoring_enabled, interval_sec)
    select ${owner.uid}, 'server ' || n, 'streamable-http', 'https://mcp-' || n || '.example.com/mcp', true, 60
      from generate_series(1, ${SERVERS}) n`);
  const ids = (await rows(sql`select id from servers order by name`)).map((r) => r.id);

  // 1. The service's write per check.
  const outcome = (startedAt) => ({
    result: "up",
    startedAt,
    latencyMs: 42,
    phases: { connectMs: 2, initializeMs: 20, pingMs: 20, listMs: 15 },
    failure: null,
    toolCount: 13,
    toolsHash: null,
  });
  let next = 0;
  const cpu0 = postgresCpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = next++; i < RECORDS; i = next++) {
        const at = new Date(Date.now() - 1_000);
        await recordCheck({ serverId: ids[i % SERVERS], dueAt: new Date(at.getTime() - (i % 7)), trigger: "schedule", instance: "bench", outcome: outcome(at) });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const pgPerCheck = ((postgresCpu() - cpu0) / RECORDS) * 1000;
  const perSecond = RECORDS / seconds;

  // 2. One hour of checks for every server, in bulk, then the size of a day.
  await db.execute(sql`truncate monitor_checks`);
  const bulkStarted = performance.now();
  await db.execute(sql`
    insert into monitor_checks (server_id, due_at, started_at, trigger, result, latency_ms, connect_ms, initialize_ms, ping_ms, list_ms, tool_count, instance)
    select s.id, t, t + interval '5 ms', 'schedule', 'up', 42, 2, 20, 20, 15, 13, 'bench'
      from servers s cross join generate_series(now() - interval '2 days' - interval '59 minutes', now() - interval '2 days', interval '1 minute') t`);
  const bulkSeconds = (performance.now() - bulkStarted) / 1000;
  await db.execute(sql`vacuum analyze monitor_checks`);
  const [{ n: hourRows, total, heap }] = await rows(
    sql`select (select count(*)::int from monitor_checks) as n, pg_total_relation_size('monitor_checks')::float8 as total, pg_relation_size('monitor_checks')::float8 as heap`,
  );
  const perRow = total / hourRows;
  const day = perRow * SERVERS * 60 * 24;

  // 3. 90 days of hourly rollups for 1,000 servers, and the uptime query of one of them.
  await db.execute(sql`truncate monitor_rollups`);
  await db.execute(sql`
    insert into monitor_rollups (server_id, hour, checks, failed, degraded, latency_sum_ms, latency_count, latency_max_ms, latency_hist)
    select s.id, h, 60, 0, 0, 2520, 60, 90, array[0, 0, 10, 40, 10]
      from (select id from servers order by name limit ${ROLLUP_SERVERS}) s
     cross join generate_series(date_trunc('hour', now()) - interval '90 days', date_trunc('hour', now()), interval '1 hour') h`);
  await db.execute(sql`vacuum analyze monitor_rollups`);
  const [{ n: rollupRows, total: rollupTotal }] = await rows(sql`select count(*)::int as n, pg_total_relation_size('monitor_rollups')::float8 as total from monitor_rollups`);
  const uptime = {};
  for (const window of ["24h", "7d", "30d", "90d"]) {
    const samples = [];
    for (let i = 0; i < 25; i++) {
      const t = performance.now();
      await getUptime(owner, ids[i % ROLLUP_SERVERS], window);
      samples.push(performance.now() - t);
    }
    uptime[window] = samples.slice(5);
  }

  // 4. Retention: the hour of checks is two days old; on the free tier it is kept one day.
  await db.execute(sql`truncate monitor_rollups`);
  await db.execute(sql`update users set subscription_plan = 'free tier' where uid = ${owner.uid}`);
  const retentionStarted = performance.now();
  const deleted = await runRetention({ instance: "bench", claim: false, budgetMs: 600_000 });
  const retentionSeconds = (performance.now() - retentionStarted) / 1000;

  console.log(`\nCheck history on PostgreSQL, ${fmt(SERVERS)} servers checked every minute = ${fmt(SERVERS * 60 * 24)} raw checks a day (${fmt((SERVERS / 60), 1)} a second)\n`);
  console.log(`write per check (check + server status + hourly rollup, one transaction, 10 at once): ${fmt(perSecond)} checks/s over ${fmt(RECORDS)} checks, ${fmt(pgPerCheck, 2)} ms of PostgreSQL CPU each`);
  console.log(`bulk insert: ${fmt(hourRows)} rows (one hour) in ${fmt(bulkSeconds, 1)} s = ${fmt(hourRows / bulkSeconds)} rows/s`);
  console.log(`size: ${fmt(perRow)} bytes per check with its indexes (heap ${fmt(heap / hourRows)}); one hour ${mib(total)}, one day ${gib(day)}, 90 days (Pro) ${gib(day * 90)}, 400 days (Enterprise) ${gib(day * 400)}`);
  console.log(`rollups: ${fmt(rollupRows)} rows (90 days of hours for ${fmt(ROLLUP_SERVERS)} servers) take ${mib(rollupTotal)}: ${fmt(rollupTotal / rollupRows)} bytes per server-hour, ${gib((rollupTotal / rollupRows) * SERVERS * 24 * 90)} for ${fmt(SERVERS)} servers over 90 days`);
  console.log(`uptime query (getUptime, one server): ${Object.entries(uptime).map(([w, xs]) => `${w} p50 ${fmt(percentile(xs, 50), 1)} ms p95 ${fmt(percentile(xs, 95), 1)} ms`).join("; ")}`);
  console.log(`retention: ${fmt(deleted.checksDeleted)} checks deleted in ${deleted.batches} batches, ${fmt(retentionSeconds, 1)} s = ${fmt(deleted.checksDeleted / retentionSeconds)} rows/s`);
} finally {
  await (await (await load("lib/db/index.ts")).database()).close();
  await postgres.drop();
}
process.exit(0);
