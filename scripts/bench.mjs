// `npm run bench`: the workbench's and the gateway's overhead. The same tool
// call (`echo` on a local server-everything) made directly with the MCP SDK
// over one connected client; through the console's API (`POST
// /api/servers/{id}/call` on a scripts/server.mjs over the production build,
// over a kept-alive HTTP connection); through a gateway of that server (the
// SDK's client in an MCP session with `/mcp/{slug}`, with a gateway token);
// alternately with a bare Node HTTP server in this process that forwards the
// call over its own pooled SDK client (no session, no database, no Next.js:
// what one extra HTTP hop costs here), after a warm-up. Prints p50 and p95 of
// each and the ratios of the API's and the gateway's medians to the
// forwarder's, measured in the same loop; exits 1 when a ratio is over the
// bar. For reference it also times the cheapest route of the same server
// (`GET /api/config`: no session, no database): what any request through
// Next.js costs here, and so the lowest ratio a route handler could reach on
// this machine. Then the gateway's own figures (bench/gateway.mjs): a
// `tools/list` of 10 servers × 100 tools against the same lists asked
// directly, and 50 clients calling through one gateway for 30 s (exits 1 on
// any error). The user is on the enterprise plan, whose per-minute gateway
// limit that load stays under. The console runs on its embedded database, or
// on a fresh database of the PostgreSQL server named by BENCH_DATABASE_URL.
// Then the result guard's cost on a call returning 4 KB of text, through
// gateways with the guard off and on, and the throughput of 50 clients
// through each (bench/result-guard.mjs; `npm run bench:guard` runs that part
// alone).
// Then a stdio server's warm call and cold start, sandboxed by the console,
// against the SDK's own stdio client with no sandbox (bench/stdio.mjs; the
// console installs the package from a registry on 127.0.0.1).
// Then the scanner's figures (bench/scanner.mjs) and the console pages' time
// to data in Chromium (bench/pages.mjs), which are printed, not judged.
//
// The same again for the 2026-07-28 revision: a modern-only upstream (the v2
// server package, `legacy: "reject"`, bench/modern-server.mjs) called
// directly and by the forwarder with the v2 client pinned to 2026-07-28,
// through the workbench API and through a gateway of it; modern clients
// (no session) through the gateways of both servers, and 2025 clients
// through the modern server's, each against its upstream's forwarder. Then
// 50 modern clients under load beside the 50 2025 clients, each load with
// the CPU a call costs the console. BENCH_CALLS_ONLY=1 stops after the loads
// (no lists, scanner or pages).
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { alternate, BAR, report, startForwarder } from "../bench/call-ratios.mjs";
import { freePort, startConsoleWithServer } from "../bench/console-app.mjs";
import { benchGatewayLists, benchGatewayLoad, connectGateway, connectModern, connectModernGateway, createGateway, gatewayToken, MODERN } from "../bench/gateway.mjs";
import { startModernServer } from "../bench/modern-server.mjs";
import { benchResultGuard } from "../bench/result-guard.mjs";
import { benchPages, consolePages } from "../bench/pages.mjs";
import { postgresBackends, serverEverythingPids, treeOf } from "../bench/proc.mjs";
import { benchScanner } from "../bench/scanner.mjs";
import { benchStdio } from "../bench/stdio.mjs";
import { ms, percentile } from "../bench/stats.mjs";
import { startLocalRegistry } from "./lib/npm-registry.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const CALLS_ONLY = process.env.BENCH_CALLS_ONLY === "1";
/** Calls/s that 50 modern clients through one gateway aim at on 2 cores. */
const MODERN_LOAD_GOAL = 400;

// The console installs the stdio server's package from a registry on 127.0.0.1 (bench/stdio.mjs).
const registry = await startLocalRegistry();
process.env.npm_config_registry = registry.url;
const { app, everything, postgres, headers, server, stop } = await startConsoleWithServer(root, { plan: "enterprise" });
const { id } = server;
const modern = await startModernServer({ port: await freePort() });
try {
  const created = await fetch(`${app.url}/api/servers`, { method: "POST", headers, body: JSON.stringify({ name: "Modern (bench)", transport: "streamable-http", url: modern.url }) });
  const modernServer = await created.json();
  if (created.status !== 201) throw new Error(`create the modern server: ${created.status} ${JSON.stringify(modernServer)}`);
  const spoken = (await (await fetch(`${app.url}/api/servers/${modernServer.id}`, { headers })).json()).serverInfo?.protocolVersion;
  if (spoken !== MODERN) throw new Error(`the console speaks ${spoken} to the modern server, not ${MODERN}`);

  const token = await gatewayToken({ appUrl: app.url, headers, name: "bench" });
  const gatewayUrl = await createGateway({ appUrl: app.url, headers, name: "Everything (bench)", servers: [{ serverId: id, prefix: "everything" }] });
  const modernGatewayUrl = await createGateway({ appUrl: app.url, headers, name: "Modern (bench)", servers: [{ serverId: modernServer.id, prefix: "modern" }] });
  const [gateway, gatewayModern, modernGateway, modernGatewayLegacy] = await Promise.all([
    connectGateway(gatewayUrl, token),
    connectModernGateway(gatewayUrl, token),
    connectModernGateway(modernGatewayUrl, token),
    connectGateway(modernGatewayUrl, token),
  ]);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(everything.url)));
  const upstream = new Client({ name: "bench-forwarder", version: "1.0.0" });
  await upstream.connect(new StreamableHTTPClientTransport(new URL(everything.url)));
  const [modernClient, modernUpstream] = await Promise.all([connectModern(modern.url), connectModern(modern.url, {}, "bench-forwarder")]);
  const forwarder = await startForwarder(upstream);
  const modernForwarder = await startForwarder(modernUpstream);

  const arguments_ = { message: "benchmark" };
  const echoed = (what, result) => {
    if (result?.content?.[0]?.text !== "Echo: benchmark") throw new Error(`unexpected ${what} answer: ${JSON.stringify(result).slice(0, 300)}`);
  };
  const body = JSON.stringify({ method: "tools/call", params: { name: "echo", arguments: arguments_ } });
  const throughApi = (serverId) => async () => {
    const res = await fetch(`${app.url}/api/servers/${serverId}/call`, { method: "POST", headers, body });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`unexpected API answer: ${res.status} ${JSON.stringify(json)}`);
    echoed("API", json.result);
  };
  const calling = (what, mcpClient, name = "echo") => async () => echoed(what, await mcpClient.callTool({ name, arguments: arguments_ }));
  const forwarded = (fwd) => async () => echoed("forwarder", (await fwd.call(body)).result);
  const bareRoute = async () => {
    const res = await fetch(`${app.url}/api/config`);
    if (res.status !== 200) throw new Error(`unexpected /api/config answer: ${res.status}`);
    await res.arrayBuffer();
  };

  const loopOf = (upstreamName) => `tools/call echo on a local ${upstreamName}, ${CALLS} calls each after ${WARM_UP} warm-up, alternating; console on ${postgres ? "PostgreSQL" : "the embedded PGlite"}`;
  const legacy = await alternate(
    [
      { key: "direct", fn: calling("direct", client) },
      { key: "api", fn: throughApi(id) },
      { key: "gateway", fn: calling("gateway", gateway, "everything__echo") },
      { key: "gatewayModern", fn: calling("gateway", gatewayModern, "everything__echo") },
      { key: "forwarded", fn: forwarded(forwarder) },
    ],
    { calls: CALLS, warmUp: WARM_UP },
  );
  const legacyMet = report({
    title: `Workbench and gateway benchmark, a 2025 upstream: ${loopOf("server-everything (2025-11-25)")}`,
    labels: {
      direct: "direct (v1 SDK, pooled)",
      api: "through the workbench API",
      gateway: "through a gateway, 2025 client",
      gatewayModern: "through a gateway, modern client",
      forwarded: "bare forwarder",
    },
    samples: legacy,
    baseline: "forwarded",
    judged: ["api", "gateway", "gatewayModern"],
  });
  const modernLoop = await alternate(
    [
      { key: "direct", fn: calling("direct", modernClient) },
      { key: "api", fn: throughApi(modernServer.id) },
      { key: "gateway", fn: calling("gateway", modernGateway, "modern__echo") },
      { key: "gatewayLegacy", fn: calling("gateway", modernGatewayLegacy, "modern__echo") },
      { key: "forwarded", fn: forwarded(modernForwarder) },
    ],
    { calls: CALLS, warmUp: WARM_UP },
  );
  const modernMet = report({
    title: `Workbench and gateway benchmark, a modern upstream: ${loopOf(`v2 server, ${MODERN} only`)}`,
    labels: {
      direct: `direct (v2 SDK, pinned ${MODERN})`,
      api: "through the workbench API",
      gateway: "through a gateway, modern client",
      gatewayLegacy: "through a gateway, 2025 client",
      forwarded: "bare forwarder (v2 SDK)",
    },
    samples: modernLoop,
    baseline: "forwarded",
    judged: ["api", "gateway", "gatewayLegacy"],
  });
  // Apart, so that the bare route does not pay for the history the calls write after answering.
  const floorLoop = await alternate(
    [
      { key: "direct", fn: calling("direct", client) },
      { key: "bare", fn: bareRoute },
    ],
    { calls: CALLS, warmUp: 0 },
  );
  const p50 = (xs) => percentile(xs, 50);
  console.log(`\nthen, alternating too: direct (v1 SDK) ${ms(p50(floorLoop.direct))}, reference GET /api/config ${ms(p50(floorLoop.bare))} (p50)`);
  console.log(`API p50 / direct p50: 2025 ${(p50(legacy.api) / p50(legacy.direct)).toFixed(3)}, modern ${(p50(modernLoop.api) / p50(modernLoop.direct)).toFixed(3)}`);
  console.log(`gateway p50 / direct p50: 2025 ${(p50(legacy.gateway) / p50(legacy.direct)).toFixed(3)}, modern ${(p50(modernLoop.gateway) / p50(modernLoop.direct)).toFixed(3)}`);
  console.log(`lowest ratio a Next.js route could reach here ((direct p50 + bare route p50) / direct p50): ${((p50(floorLoop.direct) + p50(floorLoop.bare)) / p50(floorLoop.direct)).toFixed(3)}`);
  console.log(
    `lowest ratio any backend hop reaches here (bare forwarder p50 / direct p50): 2025 ${(p50(legacy.forwarded) / p50(legacy.direct)).toFixed(3)}, modern ${(p50(modernLoop.forwarded) / p50(modernLoop.direct)).toFixed(3)}`,
  );
  process.exitCode = legacyMet && modernMet ? 0 : 1;
  await Promise.all([client, gateway, gatewayModern, modernGateway, modernGatewayLegacy, upstream, modernClient, modernUpstream].map((c) => c.close()));
  await Promise.all([forwarder.close(), modernForwarder.close()]);

  if (!CALLS_ONLY) await benchGatewayLists({ appUrl: app.url, headers, token });
  // What a call costs the console, its database and each upstream, by the client's revision.
  const load = { servicePids: treeOf(app.pid), databasePids: () => postgresBackends(postgres?.url), toolName: "everything__echo" };
  const everythingPids = serverEverythingPids(everything.url);
  const loads = [
    await benchGatewayLoad({ ...load, label: "2025 clients (one MCP session each)", connect: (i) => connectGateway(gatewayUrl, token, `bench-load-${i}`), upstreamPids: everythingPids }),
    await benchGatewayLoad({ ...load, label: `modern clients (${MODERN}, no session)`, connect: (i) => connectModernGateway(gatewayUrl, token, `bench-load-${i}`), upstreamPids: everythingPids, goal: MODERN_LOAD_GOAL }),
    await benchGatewayLoad({ ...load, label: `modern clients (${MODERN}, no session) of the modern server`, toolName: "modern__echo", connect: (i) => connectModernGateway(modernGatewayUrl, token, `bench-load-${i}`), upstreamPids: [modern.pid], goal: MODERN_LOAD_GOAL }),
  ];
  if (loads.some((l) => l.failed > 0)) process.exitCode = 1;
  await benchResultGuard({ appUrl: app.url, headers, token, serverId: id, load: { ...load, upstreamPids: everythingPids } });
  await benchStdio({ appUrl: app.url, headers, root });
  if (!CALLS_ONLY) {
    await benchScanner({ appUrl: app.url, headers });
    await benchPages({ appUrl: app.url, cookie: headers.cookie, pages: consolePages(id, server.name) });
  }
} finally {
  modern.stop();
  await Promise.all([stop(), registry.stop()]);
}
console.log(`\nbars: ratios ≤ ${BAR}, no error under load; exit code ${process.exitCode ?? 0}`);
process.exit(process.exitCode ?? 0);
