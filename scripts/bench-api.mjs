// `npm run bench:api`: the API under load, and the activity export at scale.
//
// Load: autocannon at 50 connections against scripts/server.mjs over the
// production build. First the ceiling, `GET /api/config` (no session, no
// database: what any request through Next.js costs here); then a mix of the
// console's own reads, 10 connections on each of: the server list, one
// server, a page of the activity log, the subscription and the dashboard.
// Each is measured BENCH_API_SEC seconds (60 by default) in two rounds,
// alternating, after an unmeasured warm-up. The bars: no errors (non-2xx, socket errors, timeouts) and the
// mix's throughput at least half the ceiling's.
//
// Rate limits: the mix runs as BENCH_API_USERS users (10 by default), each
// signed in with a browser session, with one connection on every route, as
// the pages of one open console tab would be. Reads under a session count
// against no limit (the limits guard sign-ins, connections to MCP servers,
// workbench calls and personal API tokens, 120 requests a minute each), so
// the limits are not what is measured and nothing is switched off; the users
// spread the load over as many rows as a small team would.
//
// Export: one more user has 100,000 events (BENCH_EXPORT_EVENTS) seeded
// straight into the database before the service starts; the CSV and the JSON
// export are each downloaded whole, before the load, while the service's
// resident memory is sampled.
//
// The console runs on its embedded PGlite, or on a fresh database of the
// PostgreSQL server named by BENCH_DATABASE_URL. Exits 1 when a bar is missed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createAccount, ensureBuild, openSession, projectId, signInWithPlan, startBenchServices, startConsole } from "../bench/console-app.mjs";
import { downloadExport, seedActivity } from "../bench/activity-export.mjs";
import { openSql } from "../bench/database.mjs";
import { ms, percentile } from "../bench/stats.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const SECONDS = Number(process.env.BENCH_API_SEC ?? 60);
/** Each measure is split in rounds, the ceiling's and the mix's alternating. */
const ROUNDS = 2;
const WARM_UP_SEC = Math.min(10, SECONDS / ROUNDS);
const CONNECTIONS = 50;
const USERS = Number(process.env.BENCH_API_USERS ?? 10);
/** As many as the free plan allows. */
const SERVERS_PER_USER = 3;
const EXPORT_EVENTS = Number(process.env.BENCH_EXPORT_EVENTS ?? 100_000);
/** The mix's throughput over the ceiling's. */
const BAR = 0.5;
const exportEmail = "bench@example.com";

await ensureBuild(root);

const services = await startBenchServices();
const { emulator, everything, postgres } = services;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-bench-api-"));

// The export's user and its log exist before the service starts: PGlite allows one process.
const exporter = await createAccount({ emulatorHost: emulator.host, projectId, email: exportEmail });
const seeding = performance.now();
const db = await openSql({ root, databaseUrl: postgres?.url, dataDir });
await seedActivity(db, { uid: exporter.uid, email: exportEmail, events: EXPORT_EVENTS });
await db.close();
console.log(`seeded ${EXPORT_EVENTS.toLocaleString("en-US")} activity events in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

const app = await startConsole({ root, emulatorHost: emulator.host, projectId, adminEmail: exportEmail, databaseUrl: postgres?.url, dataDir });
const fmt = (x, digits = 0) => x.toFixed(digits);
const mib = (bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`;

/** Signs a user in and gives it its servers; returns its session headers and the id of one of its servers. */
async function loadUser(i) {
  const account = await createAccount({ emulatorHost: emulator.host, projectId, email: `bench-${i}@example.com` });
  const headers = await openSession({ url: app.url, emulatorHost: emulator.host, account });
  const ids = [];
  for (let s = 0; s < SERVERS_PER_USER; s++) {
    const res = await fetch(`${app.url}/api/servers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: `Everything ${s + 1}`, transport: "streamable-http", url: everything.url }),
    });
    if (res.status !== 201) throw new Error(`create server: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).id);
  }
  return { headers: { cookie: headers.cookie }, serverId: ids[0] };
}

/**
 * autocannon at `connections` on the path `pathOf(user)`, each connection as the next of
 * `users` (none: no session); each response is counted in `tally`.
 */
function cannon({ seconds, connections, pathOf, users, tally }) {
  let next = 0;
  const instance = autocannon({
    url: app.url,
    connections,
    duration: seconds,
    setupClient: (client) => {
      const user = users?.[next++ % users.length];
      client.setRequest({ method: "GET", path: pathOf(user), headers: user?.headers ?? {} });
    },
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    tally.times.push(ms);
    if (status < 200 || status > 299) tally.codes[status] = (tally.codes[status] ?? 0) + 1;
  });
  return instance;
}

const CEILING = { label: "ceiling: GET /api/config", pathOf: () => "/api/config" };
const MIX = [
  { label: "GET /api/servers", pathOf: () => "/api/servers" },
  { label: "GET /api/servers/{id}", pathOf: (u) => `/api/servers/${u.serverId}` },
  { label: "GET /api/activity", pathOf: () => "/api/activity" },
  { label: "GET /api/user/subscription", pathOf: () => "/api/user/subscription" },
  { label: "GET /api/dashboard", pathOf: () => "/api/dashboard" },
];
/** A route's figures summed over the rounds: 2xx answers, errors, measured seconds, response times, other statuses, 2xx/s of each round. */
const newTally = () => ({ ok: 0, non2xx: 0, socketErrors: 0, timeouts: 0, seconds: 0, times: [], codes: {}, rounds: [] });
const add = (t, result) => {
  t.ok += result["2xx"];
  t.non2xx += result.non2xx;
  t.socketErrors += result.errors;
  t.timeouts += result.timeouts;
  t.seconds += result.duration;
  t.rounds.push(result["2xx"] / result.duration);
};

/** Routes at once for `seconds`, `connections` on each; their figures go to `tallies` (none: unmeasured). */
async function measure(seconds, routes, connections, users, tallies) {
  const results = await Promise.all(routes.map((r, i) => cannon({ seconds, connections, pathOf: r.pathOf, users, tally: tallies?.[i] ?? newTally() })));
  if (tallies) results.forEach((result, i) => add(tallies[i], result));
  await settle();
}

/**
 * Waits for the requests a measure left in flight (autocannon stops sending, the service goes on
 * answering): a health check's database round trip queues behind theirs, and a second shows the
 * service free again, so that the next measure does not pay for this one.
 */
async function settle() {
  for (let i = 0; i < 2; i++) {
    await (await fetch(`${app.url}/api/health`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The ceiling alone, then the mix's routes at once: `CONNECTIONS` in all either way. */
async function round(seconds, users, figures) {
  await measure(seconds, [CEILING], CONNECTIONS, users, figures && [figures.ceiling]);
  await measure(seconds, MIX, CONNECTIONS / MIX.length, users, figures?.mix);
}

try {
  const exporterHeaders = await signInWithPlan({ url: app.url, emulatorHost: emulator.host, projectId, email: exportEmail, account: exporter });
  const exports = [];
  for (const format of ["csv", "json"]) exports.push({ format, ...(await downloadExport({ url: app.url, headers: exporterHeaders, pid: app.pid, format })) });

  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => loadUser(i)));
  // Unmeasured: the first requests of each route compile its code and fill the pools.
  await round(WARM_UP_SEC, users);
  // Alternating, so that a slower moment of the shared machine weighs on both alike.
  const figures = { ceiling: newTally(), mix: MIX.map(newTally) };
  for (let i = 0; i < ROUNDS; i++) await round(SECONDS / ROUNDS, users, figures);

  const database = postgres ? "PostgreSQL" : "the embedded PGlite";
  console.log(`\nActivity export: ${EXPORT_EVENTS.toLocaleString("en-US")} seeded events of one user, downloaded whole and discarded; console on ${database}\n`);
  for (const e of exports) {
    console.log(
      `${e.format.toUpperCase().padEnd(5)}${e.events.toLocaleString("en-US")} events, ${mib(e.bytes)} in ${fmt(e.sec, 1)} s: ` +
        `${fmt(e.events / e.sec)} events/s, ${fmt(e.bytes / 2 ** 20 / e.sec, 1)} MiB/s; service resident memory ${mib(e.rssBefore)} before, ${mib(e.rssPeak)} at most while streaming (+${mib(e.rssPeak - e.rssBefore)})`,
    );
  }

  console.log(
    `\nAPI under load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s for the ceiling and ${SECONDS} s for the mix in ${ROUNDS} alternating rounds, after ${WARM_UP_SEC} s of each unmeasured; console on ${database}`,
  );
  console.log(
    `The mix: ${CONNECTIONS / MIX.length} connections on each route, shared by ${USERS} users signed in with browser sessions (${SERVERS_PER_USER} servers each), ` +
      "one connection per route per user, as the pages of an open console tab; reads under a session count against no rate limit (sign-ins, MCP connections, workbench calls and API tokens do), so none is reached and none is switched off.\n",
  );
  const rateOf = (t) => t.ok / t.seconds;
  const errorsOf = (t) => t.non2xx + t.socketErrors;
  console.log(`${"".padEnd(30)}${"req/s".padStart(10)}${"errors".padStart(8)}${"p50".padStart(12)}${"p99".padStart(12)}`);
  const row = (label, t) =>
    console.log(`${label.padEnd(30)}${fmt(rateOf(t)).padStart(10)}${String(errorsOf(t)).padStart(8)}${ms(percentile(t.times, 50)).padStart(12)}${ms(percentile(t.times, 99)).padStart(12)}`);
  row(CEILING.label, figures.ceiling);
  MIX.forEach((r, i) => row(r.label, figures.mix[i]));
  const mixRate = figures.mix.reduce((sum, t) => sum + rateOf(t), 0);
  const errors = [figures.ceiling, ...figures.mix].reduce((sum, t) => sum + errorsOf(t), 0);
  console.log(`${"the mix".padEnd(30)}${fmt(mixRate).padStart(10)}${String(errors - errorsOf(figures.ceiling)).padStart(8)}`);
  for (const [label, t] of [[CEILING.label, figures.ceiling], ...MIX.map((r, i) => [r.label, figures.mix[i]])]) {
    if (errorsOf(t) > 0) console.log(`${label}: statuses ${JSON.stringify(t.codes)}, socket errors ${t.socketErrors} (of which timeouts ${t.timeouts})`);
  }

  const perRound = (rates) => rates.map((x) => fmt(x)).join(", ");
  const mixRounds = figures.ceiling.rounds.map((_, i) => figures.mix.reduce((sum, t) => sum + t.rounds[i], 0));
  console.log(`req/s round by round (the machine's other load moves them): ceiling ${perRound(figures.ceiling.rounds)}; mix ${perRound(mixRounds)}`);

  const ratio = mixRate / rateOf(figures.ceiling);
  console.log(`\nthroughput ratio (mix / ceiling): ${fmt(ratio, 3)} — bar ≥ ${BAR}: ${ratio >= BAR ? "met" : "MISSED"}`);
  console.log(`errors (non-2xx and socket errors, ceiling and mix): ${errors} — bar 0: ${errors === 0 ? "met" : "MISSED"}`);
  process.exitCode = ratio >= BAR && errors === 0 ? 0 : 1;
} finally {
  app.stop();
  await services.stop();
}
process.exit(process.exitCode ?? 0);
