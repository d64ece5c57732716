// `node --experimental-websocket scripts/profile-guard.mjs`: where the result
// guard's time goes in the running console. The console of `npm run
// bench:guard` (the production build, a local server-everything, PostgreSQL
// when BENCH_DATABASE_URL names one) with its inspector open; 50 clients
// echo the bench's 4 KB message through the gateway with the guard off, then
// on, then off and on again (BENCH_GATEWAY_SEC each, after 5 s through
// each), while the inspector takes a CPU profile of the console. Writes each
// profile to BENCH_PROFILE_DIR (default: a temporary folder) and prints, per
// call, the console's sampled CPU, the guard's share of it and the functions
// whose time differs most between on and off. Judges nothing.
import fs from "node:fs";
import os from "node:os";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startConsoleWithServer } from "../bench/console-app.mjs";
import { benchGatewayLoad, connectGateway, createGateway, gatewayToken } from "../bench/gateway.mjs";
import { treeOf } from "../bench/proc.mjs";
import { MESSAGE } from "../bench/result-guard.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const dir = process.env.BENCH_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "guard-profile-"));
fs.mkdirSync(dir, { recursive: true });
process.env.BENCH_CONSOLE_INSPECT = String(await freePort());

/** A Chrome DevTools Protocol session on the console's inspector. */
async function devtools(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const pending = new Map();
  let next = 1;
  socket.onmessage = (event) => {
    const reply = JSON.parse(event.data);
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

const maps = new Map();
/** The source map of a bundle the build wrote one for (the server's chunks are minified). */
function mapOf(url) {
  if (!maps.has(url)) {
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    maps.set(url, fs.existsSync(`${file}.map`) ? new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8"))) : null);
  }
  return maps.get(url);
}

/** A profile node's function, named by its place in the source when the bundle has a map. */
function frameOf(node) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const entry = url && lineNumber >= 0 ? mapOf(url)?.findEntry(lineNumber, columnNumber) : undefined;
  const place = entry?.originalSource ? `${entry.originalSource.replace(/^.*?\]\/|^.*?\/(?=lib\/|app\/|node_modules\/)/, "")}:${entry.originalLine + 1}` : `${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
  return `${entry?.name ?? (functionName || "(anonymous)")} ${place}`;
}

/** Each function's self time and inclusive time (µs) in a profile, and the time of samples not idle. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sampled = new Map();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  for (const [id, us] of sampled) {
    const frame = frameOf(byId.get(id));
    if (frame.startsWith("(idle)")) continue;
    busy += us;
    self.set(frame, (self.get(frame) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = frameOf(byId.get(at));
      if (seen.has(f)) continue;
      seen.add(f);
      inclusive.set(f, (inclusive.get(f) ?? 0) + us);
    }
  }
  return { busy, self, inclusive };
}

const { app, headers, server, stop } = await startConsoleWithServer(root, { plan: "enterprise" });
try {
  const token = await gatewayToken({ appUrl: app.url, headers, name: "profile" });
  const servers = [{ serverId: server.id, prefix: "everything" }];
  const urls = {
    off: await createGateway({ appUrl: app.url, headers, name: "Guard off (profile)", servers, policy: { results: { instructions: "off", secrets: "off" } } }),
    on: await createGateway({ appUrl: app.url, headers, name: "Guard on (profile)", servers }),
  };
  const inspector = await devtools(process.env.BENCH_CONSOLE_INSPECT);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 200 });
  const through = (guard, durationSec) =>
    benchGatewayLoad({
      label: `2025 clients, 4 KB messages, results guard ${guard}`,
      toolName: "everything__echo",
      messageOf: () => MESSAGE,
      servicePids: treeOf(app.pid),
      durationSec,
      connect: (i) => connectGateway(urls[guard], token, `profile-${i}`),
    });
  for (const guard of ["off", "on"]) await through(guard, 5);
  const totals = { off: { calls: 0, busy: 0, self: new Map(), inclusive: new Map() }, on: { calls: 0, busy: 0, self: new Map(), inclusive: new Map() } };
  for (const [i, guard] of ["off", "on", "off", "on"].entries()) {
    await inspector.send("Profiler.start");
    const { calls } = await through(guard, undefined);
    const { profile } = await inspector.send("Profiler.stop");
    fs.writeFileSync(path.join(dir, `${i + 1}-guard-${guard}.cpuprofile`), JSON.stringify(profile));
    const s = summarize(profile);
    const t = totals[guard];
    t.calls += calls;
    t.busy += s.busy;
    for (const key of ["self", "inclusive"]) for (const [f, us] of s[key]) t[key].set(f, (t[key].get(f) ?? 0) + us);
  }
  inspector.close();
  const perCall = (t, us) => us / t.calls / 1000;
  console.log(`\nProfiles in ${dir}. The console's sampled CPU per call (not idle): guard off ${perCall(totals.off, totals.off.busy).toFixed(3)} ms, on ${perCall(totals.on, totals.on.busy).toFixed(3)} ms`);
  const guard = [...totals.on.inclusive].filter(([f]) => /^(?:checkResult|guardResult) /.test(f));
  for (const [f, us] of guard) console.log(`  ${f}: ${perCall(totals.on, us).toFixed(3)} ms a call`);
  for (const key of ["self", "inclusive"]) {
    const frames = new Set([...totals.on[key].keys(), ...totals.off[key].keys()]);
    const diff = [...frames].map((f) => [f, perCall(totals.on, totals.on[key].get(f) ?? 0) - perCall(totals.off, totals.off[key].get(f) ?? 0)]).sort((a, b) => b[1] - a[1]);
    console.log(`\n${key} time a call, on minus off (ms), the 25 largest:`);
    for (const [f, ms] of diff.slice(0, 25)) console.log(`  ${ms.toFixed(3).padStart(7)}  ${f}`);
  }
} finally {
  await stop();
}
process.exit(0);
