// What the gateway benchmark needs beside the workbench's (scripts/bench.mjs):
// a gateway and a gateway token made through the console's API, the SDK's
// own client connected to a gateway's endpoint, and the two figures that are
// the gateway's alone: `tools/list` of a gateway of 10 servers × 100 tools
// against the same lists asked of the servers directly, and 50 clients
// calling through one gateway at once, with what each call costs the console.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { listAllTools } from "./list-tools.mjs";
import { startManyToolsServer } from "./many-tools-server.mjs";
import { cpuOf } from "./proc.mjs";
import { ms, percentile } from "./stats.mjs";

/** The revision a modern client is pinned to: it speaks no other, so nothing of 2025 can slip into its figures. */
export const MODERN = "2026-07-28";

const LIST_SERVERS = 10;
const LIST_TOOLS = 100;
const LISTS = Number(process.env.BENCH_GATEWAY_LISTS ?? 50);
const CLIENTS = Number(process.env.BENCH_GATEWAY_CLIENTS ?? 50);
const LOAD_SEC = Number(process.env.BENCH_GATEWAY_SEC ?? 30);

async function post(url, headers, body, expected = 201) {
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== expected) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A gateway of the session's user over `servers` ({ serverId, prefix }), with `policy` when given; its endpoint's absolute URL. */
export async function createGateway({ appUrl, headers, name, servers, policy }) {
  const gateway = await post(`${appUrl}/api/gateways`, headers, { name, servers, ...(policy ? { policy } : {}) });
  return gateway.url;
}

/** A personal API token of scope `gateway` of the session's user. */
export async function gatewayToken({ appUrl, headers, name }) {
  return (await post(`${appUrl}/api/user/tokens`, headers, { name, scope: "gateway" })).token;
}

/** The MCP SDK's v1 client, a 2025 client, connected (initialize done: a session) to a gateway's endpoint with `token`. */
export async function connectGateway(url, token, name = "bench-gateway-client") {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** The v2 SDK's client pinned to 2026-07-28 (no session: its connect is one `server/discover`), on `url` with `headers`. */
export async function connectModern(url, headers = {}, name = "bench-modern-client") {
  const client = new ModernClient({ name, version: "2.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(new ModernTransport(new URL(url), { requestInit: { headers } }));
  if (client.getNegotiatedProtocolVersion() !== MODERN) throw new Error(`${url} answered in ${client.getNegotiatedProtocolVersion()}, not ${MODERN}`);
  return client;
}

/** A modern client of a gateway's endpoint with `token`. */
export const connectModernGateway = (url, token, name) => connectModern(url, { authorization: `Bearer ${token}` }, name);

const row = (label, xs) => console.log(`${label.padEnd(44)}${ms(percentile(xs, 50)).padStart(12)}${ms(percentile(xs, 95)).padStart(12)}`);

/**
 * `tools/list` of a gateway of 10 local servers of 100 tools each (the SDK's
 * server on loopback, bench/many-tools-server.mjs), all its pages, against
 * the same 10 lists asked directly of the servers over connected SDK
 * clients, one after the other and all at once (what an agent connected to
 * the 10 servers itself would do), alternating. Prints p50 and p95 and the
 * ratios; asserts nothing.
 */
export async function benchGatewayLists({ appUrl, headers, token }) {
  const upstreams = await Promise.all(Array.from({ length: LIST_SERVERS }, () => startManyToolsServer(LIST_TOOLS)));
  const direct = [];
  let gateway;
  try {
    const servers = [];
    for (const [i, upstream] of upstreams.entries()) {
      const n = String(i + 1).padStart(2, "0");
      const created = await post(`${appUrl}/api/servers`, headers, { name: `Catalogue ${n} (bench)`, transport: "streamable-http", url: upstream.url });
      if (created.counts.tools !== LIST_TOOLS) throw new Error(`discovered ${created.counts.tools} tools, expected ${LIST_TOOLS}`);
      servers.push({ serverId: created.id, prefix: `c${n}` });
    }
    const url = await createGateway({ appUrl, headers, name: "Catalogues (bench)", servers });
    gateway = await connectGateway(url, token, "bench-gateway-lists");
    for (const upstream of upstreams) {
      const client = new Client({ name: "bench-direct-lists", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
      direct.push(client);
    }
    const expected = LIST_SERVERS * LIST_TOOLS;
    const throughGateway = async () => {
      const tools = await listAllTools(gateway);
      if (tools.length !== expected) throw new Error(`the gateway listed ${tools.length} tools, expected ${expected}`);
    };
    const check = (lists) => {
      const total = lists.reduce((n, tools) => n + tools.length, 0);
      if (total !== expected) throw new Error(`the servers listed ${total} tools, expected ${expected}`);
    };
    const oneByOne = async () => {
      const lists = [];
      for (const client of direct) lists.push(await listAllTools(client));
      check(lists);
    };
    const allAtOnce = async () => check(await Promise.all(direct.map(listAllTools)));
    const timed = async (fn) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) {
      await throughGateway();
      await oneByOne();
      await allAtOnce();
    }
    const samples = { gateway: [], oneByOne: [], allAtOnce: [] };
    for (let i = 0; i < LISTS; i++) {
      samples.gateway.push(await timed(throughGateway));
      samples.oneByOne.push(await timed(oneByOne));
      samples.allAtOnce.push(await timed(allAtOnce));
    }
    console.log(`\nGateway tools/list: ${LIST_SERVERS} local servers × ${LIST_TOOLS} tools, ${LISTS} lists each after 5 warm-up, alternating\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row(`through the gateway (${expected} tools, all pages)`, samples.gateway);
    row(`direct, the ${LIST_SERVERS} servers one after the other`, samples.oneByOne);
    row(`direct, the ${LIST_SERVERS} servers at once`, samples.allAtOnce);
    const p50 = (xs) => percentile(xs, 50);
    console.log(
      `\ngateway p50 / direct one by one p50: ${(p50(samples.gateway) / p50(samples.oneByOne)).toFixed(3)}; gateway p50 / direct at once p50: ${(p50(samples.gateway) / p50(samples.allAtOnce)).toFixed(3)}`,
    );
  } finally {
    await Promise.all([gateway?.close(), ...direct.map((c) => c.close())]);
    await Promise.all(upstreams.map((u) => u.stop()));
  }
}

/**
 * 50 clients, each connected by `connect(i)` (a 2025 client has its own MCP
 * session, a modern one none), calling `toolName` one call after another
 * through the gateway for `durationSec` (30 s by default), each echoing
 * `messageOf(i)` (a few words by default). Prints throughput, p50 and p95, the errors,
 * and the CPU each call cost the console (`servicePids`: its processes;
 * `databasePids()`: the database's, when it runs apart), the upstream
 * (`upstreamPids`) and this process (the clients), and whether the
 * throughput reached `goal` calls/s when there is one. Returns the error
 * count (the bar is none), the calls made, the throughput and the console's CPU per call
 * (ms).
 */
export async function benchGatewayLoad({ label, connect, toolName, servicePids, databasePids = () => [], upstreamPids = [], goal, messageOf = (i) => `client ${i}`, durationSec = LOAD_SEC }) {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => connect(i)));
  const times = [];
  const errors = new Map();
  let calls = 0;
  const until = performance.now() + durationSec * 1000;
  const started = performance.now();
  const database = databasePids();
  const cpu0 = { service: cpuOf(servicePids), database: cpuOf(database), upstream: cpuOf(upstreamPids), clients: process.cpuUsage() };
  await Promise.all(
    clients.map(async (client, i) => {
      const sent = messageOf(i);
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const result = await client.callTool({ name: toolName, arguments: { message: sent } });
          if (result.content?.[0]?.text !== `Echo: ${sent}`) throw new Error(`unexpected result ${JSON.stringify(result).slice(0, 200)}`);
          times.push(performance.now() - t);
          calls += 1;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          errors.set(message, (errors.get(message) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(cpu0.clients);
  const spent = { service: cpuOf(servicePids) - cpu0.service, database: cpuOf(database) - cpu0.database, upstream: cpuOf(upstreamPids) - cpu0.upstream };
  await Promise.all(clients.map((c) => c.close()));
  const failed = [...errors.values()].reduce((a, b) => a + b, 0);
  const rate = calls / seconds;
  const perCall = (sec) => (calls > 0 ? `${((sec / calls) * 1000).toFixed(2)} ms` : "—");
  console.log(`\nGateway under load: ${CLIENTS} ${label} calling ${toolName} through one gateway for ${durationSec} s\n`);
  const goalMet = goal === undefined ? "" : ` — goal ≥ ${goal}: ${rate >= goal ? "met" : "not met"}`;
  console.log(`calls: ${calls} in ${seconds.toFixed(1)} s, ${rate.toFixed(1)} calls/s${goalMet}; p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
  console.log(`errors: ${failed} — bar 0: ${failed === 0 ? "met" : "MISSED"}`);
  for (const [message, count] of errors) console.log(`  ${count} × ${message}`);
  console.log(
    `CPU per call: console ${perCall(spent.service)}` +
      (database.length > 0 ? `, PostgreSQL ${perCall(spent.database)}` : "") +
      (upstreamPids.length > 0 ? `, the upstream server ${perCall(spent.upstream)}` : "") +
      `, the ${CLIENTS} clients (this process) ${perCall((clientCpu.user + clientCpu.system) / 1e6)}`,
  );
  return { failed, calls, rate, serviceMs: calls > 0 ? (spent.service / calls) * 1000 : NaN };
}
