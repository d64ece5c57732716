// What one PostgreSQL holds of monitoring at 10,000 servers checked every
// minute (14.4 million checks a day). On a fresh database of the server named
// by SCALE_DATABASE_URL (default: the local one), dropped at the end:
//
// 1. the write path: the real `recordCheck` (check row, status, incident,
//    hourly rollup in one transaction) for SCALE_MINUTES simulated minutes of
//    all servers, SCALE_CONCURRENCY at a time: checks per second against the
//    167 a second that 10,000 a minute needs;
// 2. the size of a day of raw checks: SCALE_HOURS hours of checks loaded in
//    bulk, in the order they would land, then measured (table, indexes);
// 3. the rollups of SCALE_ROLLUP_DAYS days for every server, their size, and
//    the time of the real uptime query (`getUptime`) over 90 days and 24 h,
//    and of the dashboard's fleet overview, for servers picked at random.
//
// SCALE_KEEP=1 keeps the database for a closer look.
// Run: NODE_OPTIONS=--conditions=react-server npx tsx scripts/monitor-scale.ts
import { randomBytes } from "node:crypto";
import { Client } from "pg";

const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SERVERS = Number(process.env.SCALE_SERVERS ?? 10_000);
const SERVERS_PER_USER = 1_000;
const MINUTES = Number(process.env.SCALE_MINUTES ?? 5);
const CONCURRENCY = Number(process.env.SCALE_CONCURRENCY ?? 8);
const HOURS = Number(process.env.SCALE_HOURS ?? 24);
const ROLLUP_DAYS = Number(process.env.SCALE_ROLLUP_DAYS ?? 90);
const QUERIES = Number(process.env.SCALE_QUERIES ?? 200);
const CHECKS_PER_DAY_AT_SCALE = 10_000 * 24 * 60;

const HOUR = 3_600_000;
const MINUTE = 60_000;
const name = `monitor_scale_${randomBytes(4).toString("hex")}`;

async function admin(statement: string) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
// The service's own modules read their configuration once, at first use.
Object.assign(process.env, { DATABASE_URL: url.toString(), FIREBASE_PROJECT_ID: "demo-monitor-scale", LOG_LEVEL: "silent" });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  await admin(`create database ${name}`);
  console.log(`database ${name} on ${new URL(ADMIN_URL).host}: ${SERVERS} servers, ${MINUTES} min of the write path, ${HOURS} h of raw checks, ${ROLLUP_DAYS} d of rollups`);
  const { database } = await import("../lib/db");
  const { servers, users } = await import("../lib/db/schema");
  const { recordCheck } = await import("../lib/monitoring/record");
  const { histogramOf, mergeInto } = await import("../lib/monitoring/histogram");
  const { getUptime } = await import("../lib/monitoring/service");
  const { fleetOverview } = await import("../lib/monitoring/fleet");
  const { sql } = await import("drizzle-orm");
  const handle = await database();
  const db = handle.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };

  try {
    // Seed: 10 users of 1,000 servers (the largest plan's limit), all monitored every minute.
    const owners: string[] = [];
    const ids: string[] = [];
    for (let u = 0; u < Math.ceil(SERVERS / SERVERS_PER_USER); u++) {
      const uid = `scale-${u}`;
      owners.push(uid);
      await db.insert(users).values({ uid, email: `${uid}@example.com`, displayName: uid, subscriptionPlan: "enterprise" });
      const count = Math.min(SERVERS_PER_USER, SERVERS - u * SERVERS_PER_USER);
      for (let i = 0; i < count; i += 500) {
        const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
          ownerUid: uid,
          name: `Server ${u}-${i + k}`,
          transport: "streamable-http" as const,
          url: `https://mcp-${u}-${i + k}.example.com/mcp`,
          monitoringEnabled: true,
          intervalSec: 60,
          status: "up" as const,
        }));
        const inserted = await db.insert(servers).values(batch).returning({ id: servers.id });
        ids.push(...inserted.map((r) => r.id));
      }
    }

    // 1. The write path, as the monitor runs it: one transaction per check.
    const base = Date.parse("2026-01-01T00:00:00Z");
    const jobs: { serverId: string; dueAt: Date }[] = [];
    for (let m = 0; m < MINUTES; m++) {
      ids.forEach((serverId, i) => jobs.push({ serverId, dueAt: new Date(base + m * MINUTE + Math.floor((i / ids.length) * MINUTE)) }));
    }
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          const roll = Math.random();
          const failed = roll < 0.01;
          const latencyMs = failed ? null : Math.round(15 + Math.random() * 60 + (roll > 0.99 ? 2_500 : 0));
          const t = performance.now();
          await recordCheck({
            serverId: job.serverId,
            dueAt: job.dueAt,
            trigger: "schedule",
            instance: "scale",
            outcome: {
              result: failed ? "failed" : latencyMs! > 2_000 ? "degraded" : "up",
              startedAt: job.dueAt,
              latencyMs,
              phases: { connectMs: 1, initializeMs: failed ? null : 10, pingMs: failed ? null : 5, listMs: failed ? null : 8 },
              failure: failed ? { kind: "timeout", reason: "The server at https://mcp.example.com/mcp did not answer within 10 s." } : null,
              toolCount: failed ? null : 12,
              toolsHash: null,
            },
          });
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = performance.now() - started;
    const rate = (jobs.length / elapsed) * 1000;
    console.log("\n1. Write path (recordCheck: check, status, incident, rollup in one transaction)");
    console.log(`   ${jobs.length} checks in ${secs(elapsed)} at concurrency ${CONCURRENCY}: ${rate.toFixed(0)} checks/s`);
    console.log(`   per check: p50 ${pct(latencies, 50).toFixed(2)} ms, p95 ${pct(latencies, 95).toFixed(2)} ms`);
    console.log(`   10,000 servers a minute need 167 checks/s: ${(rate / 166.7).toFixed(1)}× that (${Math.floor((rate * 60) / 1000) * 1000} servers a minute at most)`);

    // 2. A day of raw checks, loaded in bulk in the order they land (minute by minute, every server).
    const hourStart = Date.parse("2026-02-01T00:00:00Z");
    const loadStarted = performance.now();
    for (let h = 0; h < HOURS; h++) {
      const from = new Date(hourStart + h * HOUR).toISOString();
      await db.execute(sql`
        insert into monitor_checks (server_id, due_at, started_at, trigger, result, latency_ms, connect_ms, initialize_ms, ping_ms, list_ms, failure_kind, reason, tool_count, instance)
        select s.id, m, m + interval '40 ms', 'schedule', case when f then 'failed' else 'up' end::check_result,
          case when f then null else (15 + random() * 60)::int end, 1, case when f then null else 10 end, case when f then null else 5 end,
          case when f then null else 8 end, case when f then 'timeout' end,
          case when f then 'The server at https://mcp.example.com/mcp did not answer within 10 s.' end,
          case when f then null else 12 end, 'scale'
        from generate_series(${from}::timestamptz, ${from}::timestamptz + interval '59 minutes', interval '1 minute') m
        cross join servers s
        cross join lateral (select random() < 0.01 as f) r
        order by m`);
    }
    const loaded = performance.now() - loadStarted;
    await db.execute(sql`vacuum analyze monitor_checks`);
    const [size] = await rows<{ n: string; total: string; heap: string; indexes: string }>(sql`
      select count(*) as n, pg_total_relation_size('monitor_checks') as total,
        pg_relation_size('monitor_checks') as heap, pg_indexes_size('monitor_checks') as indexes from monitor_checks`);
    const perRow = Number(size.total) / Number(size.n);
    console.log(`\n2. Raw checks: ${Number(size.n).toLocaleString("en")} rows (${HOURS} h of ${SERVERS} servers a minute, loaded in ${secs(loaded)})`);
    console.log(`   on disk ${gb(Number(size.total))}: table ${gb(Number(size.heap))}, indexes ${gb(Number(size.indexes))}; ${perRow.toFixed(0)} bytes a check`);
    console.log(`   a day (14.4 M checks): ${gb(perRow * CHECKS_PER_DAY_AT_SCALE)}; 90 days kept: ${gb(perRow * CHECKS_PER_DAY_AT_SCALE * 90)}`);

    // 3. Rollups for every server over the window, hour by hour as they accumulate.
    const hist = Array.from({ length: 60 }, (_, i) => histogramOf(15 + (i % 6) * 10)).reduce((h, x) => mergeInto(h, x), [] as number[]);
    const end = hourStart + HOURS * HOUR;
    const rollStarted = performance.now();
    for (let d = ROLLUP_DAYS; d > 0; d--) {
      const from = new Date(end - d * 24 * HOUR).toISOString();
      await db.execute(sql`
        insert into monitor_rollups (server_id, hour, checks, failed, degraded, latency_sum_ms, latency_count, latency_max_ms, latency_hist)
        select s.id, h, 60, (random() < 0.05)::int, 0, 60 * 40, 60, 70, ${`{${hist.join(",")}}`}::integer[]
        from generate_series(${from}::timestamptz, ${from}::timestamptz + interval '23 hours', interval '1 hour') h
        cross join servers s
        order by h
        on conflict (server_id, hour) do nothing`);
    }
    const rolled = performance.now() - rollStarted;
    await db.execute(sql`vacuum analyze monitor_rollups`);
    const [rollSize] = await rows<{ n: string; total: string }>(sql`select count(*) as n, pg_total_relation_size('monitor_rollups') as total from monitor_rollups`);
    const perRollup = Number(rollSize.total) / Number(rollSize.n);
    console.log(`\n3. Rollups: ${Number(rollSize.n).toLocaleString("en")} rows (${ROLLUP_DAYS} d × 24 h × ${SERVERS} servers, loaded in ${secs(rolled)}), ${gb(Number(rollSize.total))}`);
    console.log(`   ${perRollup.toFixed(0)} bytes an hour of a server; a day of 10,000 servers: ${mb(perRollup * 24 * 10_000)}`);

    const now = new Date(end - 1);
    const timeOf = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const pick = () => {
      const i = Math.floor(Math.random() * ids.length);
      return { id: ids[i], owner: owners[Math.floor(i / SERVERS_PER_USER)] };
    };
    const holder = (uid: string) => ({ uid, subscriptionPlan: "enterprise" as const, subscriptionExpiresAt: null });
    for (const window of ["90d", "24h"] as const) {
      const times: number[] = [];
      for (let q = 0; q < QUERIES; q++) {
        const { id, owner } = pick();
        times.push(await timeOf(() => getUptime(holder(owner), id, window, now)));
      }
      console.log(`   uptime ${window} of one server (getUptime: ownership, rollups, incidents): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms over ${QUERIES}`);
    }
    const fleet: number[] = [];
    for (let q = 0; q < 20; q++) fleet.push(await timeOf(() => fleetOverview(owners[q % owners.length], now)));
    console.log(`   dashboard fleet overview of 1,000 servers (uptime over 24 h): p50 ${pct(fleet, 50).toFixed(1)} ms, p95 ${pct(fleet, 95).toFixed(1)} ms`);
  } finally {
    await handle.close();
    if (process.env.SCALE_KEEP === "1") console.log(`\nkept database ${name} (SCALE_KEEP=1): drop it when done`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
