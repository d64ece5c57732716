// `npm run bench:monitor`: how many health checks per second the service
// sustains, how late they start, and what a check costs, for a fleet of each
// kind of server (bench/monitor-fleet.mjs): 2025 servers (one local
// server-everything), checked with connect, initialize, ping and tools/list,
// and servers of the 2026-07-28 revision only (a local v2 server listing the
// same tools, bench/modern-server.mjs), checked with one server/discover and
// tools/list. For each fleet, a bare loop of the SDK's clients doing only
// that check at MONITOR_CONCURRENCY gives this machine's ceiling; then
// thousands of monitored servers (rows seeded straight into a fresh
// database, all pointing at that one server) fall due at BENCH_LOAD × the
// ceiling (0.8 by default: the bar is to sustain 0.7 × the ceiling with a
// lag p95 under 5 s; above 1 the service is saturated and shows its most)
// and are checked by scripts/server.mjs over the production build. While it
// checks, a simple API request (`GET /api/health`: the route wrapper and a
// database round trip) is timed every quarter second; the ceiling is
// measured again at the end. Prints the figures, and at the end the cost per
// check of each kind side by side; asserts nothing.
//
// The service runs on a fresh database of the PostgreSQL server named by
// BENCH_DATABASE_URL, or on its embedded PGlite when that is unset (seeded
// before it starts, read after it stops: PGlite allows one process).
// BENCH_FLEETS (`2025,modern` by default; either alone), BENCH_SERVERS,
// BENCH_LOAD, BENCH_CONCURRENCY, BENCH_MEASURE_SEC change the run.
import path from "node:path";
import { ensureBuild, freePort } from "../bench/console-app.mjs";
import { startModernServer } from "../bench/modern-server.mjs";
import { benchFleet, fmt, KINDS } from "../bench/monitor-fleet.mjs";
import { serverEverythingPids } from "../bench/proc.mjs";
import { startDemoMcpServer } from "./lib/demo-mcp-server.mjs";
import { loadProjectModule } from "./lib/project-modules.mjs";
import { stopAll } from "./lib/processes.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const FLEETS = (process.env.BENCH_FLEETS ?? "2025,modern").split(",").map((k) => k.trim());
for (const kind of FLEETS) if (!KINDS[kind]) throw new Error(`BENCH_FLEETS: no fleet "${kind}" (${Object.keys(KINDS).join(", ")})`);

// The project's own TypeScript, for the phase spread and the tool-list hash the service uses.
const { nextDueAfter } = await loadProjectModule("lib/servers/check-schedule.ts");
const { toolsHash } = await loadProjectModule("lib/mcp/tools-hash.ts");

await ensureBuild(root);

const mcpPort = await freePort();
const everything = await startDemoMcpServer({ port: mcpPort });
if (!everything) throw new Error(`port ${mcpPort} was taken before server-everything could use it`);
const modern = FLEETS.includes("modern") ? await startModernServer({ port: await freePort(), toolsFrom: everything.url }) : null;
const costs = {};
try {
  const everythingPids = serverEverythingPids(everything.url);
  const servers = { 2025: { url: everything.url, mcpPids: everythingPids }, modern: modern && { url: modern.url, mcpPids: [modern.pid] } };
  for (const kind of FLEETS) costs[kind] = await benchFleet({ root, kind, ...servers[kind], project: { nextDueAfter, toolsHash } });

  console.log("\nCost per check, by kind (CPU ms per check; the service's, the bare SDK loop's doing the same check, the MCP server's, PostgreSQL's):\n");
  for (const [kind, cost] of Object.entries(costs)) {
    if (!cost) {
      console.log(`${kind.padEnd(8)} no check measured`);
      continue;
    }
    console.log(
      `${kind.padEnd(8)} service ${fmt(cost.service, 2)} ms, bare loop ${fmt(cost.bare, 2)} ms, MCP server ${fmt(cost.mcp, 2)} ms` +
        (cost.pg === null ? "" : `, PostgreSQL ${fmt(cost.pg, 2)} ms`) +
        `; ${fmt(cost.rate, 1)} checks/s sustained, ceiling ${fmt(cost.ceiling, 1)}`,
    );
  }
  if (costs[2025] && costs.modern) console.log(`\na modern check costs the service ${fmt(costs.modern.service / costs[2025].service, 2)} × a 2025 check`);
} finally {
  modern?.stop();
  everything.stop();
  stopAll();
}
process.exit(0);
