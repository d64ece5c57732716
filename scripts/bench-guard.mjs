// `npm run bench:guard`: the result guard's part of `npm run bench` alone
// (bench/result-guard.mjs), on the same console (scripts/server.mjs over the
// production build, an enterprise user, a local server-everything): the
// guard's cost at p50 on a call returning 4 KB of text, then the throughput
// of 50 clients through a gateway with the guard off and with it on. The
// console runs on its embedded database, or on a fresh database of the
// PostgreSQL server named by BENCH_DATABASE_URL. Exits 1 on any error under
// load.
import path from "node:path";
import { startConsoleWithServer } from "../bench/console-app.mjs";
import { gatewayToken } from "../bench/gateway.mjs";
import { postgresBackends, serverEverythingPids, treeOf } from "../bench/proc.mjs";
import { benchResultGuard } from "../bench/result-guard.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const { app, everything, postgres, headers, server, stop } = await startConsoleWithServer(root, { plan: "enterprise" });
try {
  const token = await gatewayToken({ appUrl: app.url, headers, name: "bench" });
  const load = { servicePids: treeOf(app.pid), databasePids: () => postgresBackends(postgres?.url), upstreamPids: serverEverythingPids(everything.url) };
  await benchResultGuard({ appUrl: app.url, headers, token, serverId: server.id, load });
} finally {
  await stop();
}
process.exit(process.exitCode ?? 0);
