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
// Then the scanner's figures (bench/scanner.mjs) and the console pages' time
// to data in Chromium (bench/pages.mjs), which are printed, not judged.
import http from "node:http";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startConsoleWithServer } from "../bench/console-app.mjs";
import { benchGatewayLists, benchGatewayLoad, connectGateway, createGateway, gatewayToken } from "../bench/gateway.mjs";
import { benchPages, consolePages } from "../bench/pages.mjs";
import { benchScanner } from "../bench/scanner.mjs";
import { ms, percentile } from "../bench/stats.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
/** The API's and the gateway's p50 over the bare forwarder's p50, all measured in the same alternating loop. */
const BAR = 2.0;
/** What the gateway aims at, beyond the bar. */
const GATEWAY_GOAL = 1.5;

const { app, everything, postgres, headers, server, stop } = await startConsoleWithServer(root, { plan: "enterprise" });
const { id } = server;
try {
  const token = await gatewayToken({ appUrl: app.url, headers, name: "bench" });
  const gatewayUrl = await createGateway({ appUrl: app.url, headers, name: "Everything (bench)", servers: [{ serverId: id, prefix: "everything" }] });
  const gateway = await connectGateway(gatewayUrl, token);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(everything.url)));
  const arguments_ = { message: "benchmark" };

  const direct = async () => {
    const result = await client.callTool({ name: "echo", arguments: arguments_ });
    if (result.content?.[0]?.text !== "Echo: benchmark") throw new Error("unexpected direct result");
  };
  const body = JSON.stringify({ method: "tools/call", params: { name: "echo", arguments: arguments_ } });
  const throughApi = async () => {
    const res = await fetch(`${app.url}/api/servers/${id}/call`, { method: "POST", headers, body });
    const json = await res.json();
    if (res.status !== 200 || json.result?.content?.[0]?.text !== "Echo: benchmark") throw new Error(`unexpected API answer: ${res.status} ${JSON.stringify(json)}`);
  };
  const throughGateway = async () => {
    const result = await gateway.callTool({ name: "everything__echo", arguments: arguments_ });
    if (result.content?.[0]?.text !== "Echo: benchmark") throw new Error(`unexpected gateway answer: ${JSON.stringify(result)}`);
  };
  // The forwarder: the least a backend hop can do.
  const upstream = new Client({ name: "bench-forwarder", version: "1.0.0" });
  await upstream.connect(new StreamableHTTPClientTransport(new URL(everything.url)));
  const forwarder = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const { params } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const text = JSON.stringify({ result: await upstream.callTool(params) });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const forwarderUrl = `http://127.0.0.1:${forwarder.address().port}/`;
  const throughForwarder = async () => {
    const res = await fetch(forwarderUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
    const json = await res.json();
    if (json.result?.content?.[0]?.text !== "Echo: benchmark") throw new Error("unexpected forwarder answer");
  };
  const bareRoute = async () => {
    const res = await fetch(`${app.url}/api/config`);
    if (res.status !== 200) throw new Error(`unexpected /api/config answer: ${res.status}`);
    await res.arrayBuffer();
  };
  const timed = async (fn) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };

  for (let i = 0; i < WARM_UP; i++) {
    await direct();
    await throughApi();
    await throughGateway();
    await throughForwarder();
  }
  const samples = { direct: [], api: [], gateway: [], forwarded: [], bare: [], directAgain: [] };
  // Alternating, so that a slower moment of the machine weighs on all alike.
  for (let i = 0; i < CALLS; i++) {
    samples.direct.push(await timed(direct));
    samples.api.push(await timed(throughApi));
    samples.gateway.push(await timed(throughGateway));
    samples.forwarded.push(await timed(throughForwarder));
  }
  // Apart, so that the bare route does not pay for the history the calls write after answering.
  for (let i = 0; i < CALLS; i++) {
    samples.directAgain.push(await timed(direct));
    samples.bare.push(await timed(bareRoute));
  }
  await client.close();
  await gateway.close();
  await upstream.close();
  forwarder.close();

  const row = (label, xs) => console.log(`${label.padEnd(28)}${ms(percentile(xs, 50)).padStart(12)}${ms(percentile(xs, 95)).padStart(12)}`);
  const ratio = percentile(samples.api, 50) / percentile(samples.forwarded, 50);
  const database = postgres ? "PostgreSQL" : "the embedded PGlite";
  const gatewayRatio = percentile(samples.gateway, 50) / percentile(samples.forwarded, 50);
  console.log(`\nWorkbench and gateway benchmark: tools/call echo on a local server-everything, ${CALLS} calls each after ${WARM_UP} warm-up, alternating; console on ${database}\n`);
  console.log(`${"".padEnd(28)}${"p50".padStart(12)}${"p95".padStart(12)}`);
  row("direct (MCP SDK, pooled)", samples.direct);
  row("through the workbench API", samples.api);
  row("through a gateway (MCP)", samples.gateway);
  row("bare forwarder", samples.forwarded);
  console.log("then, alternating too:");
  row("direct (MCP SDK, pooled)", samples.directAgain);
  row("reference: GET /api/config", samples.bare);
  const floor = (percentile(samples.directAgain, 50) + percentile(samples.bare, 50)) / percentile(samples.directAgain, 50);
  console.log(`\noverhead ratio (API p50 / bare forwarder p50): ${ratio.toFixed(3)} — bar ≤ ${BAR}: ${ratio <= BAR ? "met" : "MISSED"}`);
  console.log(`API p50 / direct p50: ${(percentile(samples.api, 50) / percentile(samples.direct, 50)).toFixed(3)}`);
  const gatewayVerdict = gatewayRatio > BAR ? "MISSED" : gatewayRatio <= GATEWAY_GOAL ? `met, and the goal ≤ ${GATEWAY_GOAL} too` : `met, not the goal ≤ ${GATEWAY_GOAL}`;
  console.log(`gateway overhead ratio (gateway p50 / bare forwarder p50): ${gatewayRatio.toFixed(3)} — bar ≤ ${BAR}: ${gatewayVerdict}`);
  console.log(`gateway p50 / direct p50: ${(percentile(samples.gateway, 50) / percentile(samples.direct, 50)).toFixed(3)}`);
  console.log(`lowest ratio a Next.js route could reach here ((direct p50 + bare route p50) / direct p50): ${floor.toFixed(3)}`);
  const hop = percentile(samples.forwarded, 50) / percentile(samples.direct, 50);
  console.log(`lowest ratio any backend hop reaches here (bare forwarder p50 / direct p50): ${hop.toFixed(3)}`);
  process.exitCode = ratio <= BAR && gatewayRatio <= BAR ? 0 : 1;

  await benchGatewayLists({ appUrl: app.url, headers, token });
  if ((await benchGatewayLoad({ url: gatewayUrl, token, toolName: "everything__echo" })) > 0) process.exitCode = 1;
  await benchScanner({ appUrl: app.url, headers });
  await benchPages({ appUrl: app.url, cookie: headers.cookie, pages: consolePages(id, server.name) });
} finally {
  await stop();
}
process.exit(process.exitCode ?? 0);
