// `npm run bench:egress`: what egress costs a sandboxed server (lib/sandbox/egress-proxy.ts).
//
// - Cold start: a sandbox whose program prints a line and exits, with egress (the bridge starts
//   first, a second Node process, and the console opens the sandbox's proxy) against the same
//   sandbox without, alternated, median of BENCH_STARTS each.
// - A request: the same script, fetching a small answer from an HTTP server in this process
//   BENCH_FETCHES times with Node's fetch (kept alive), run in a sandbox with egress (through the
//   bridge, the Unix socket and the proxy) against the same script run on the host without any
//   proxy. The script times its own requests, so the sandbox's start is not in the figure.
//
// Prints medians, p95 and ratios; judges nothing (the figures go to docs/stdio.md).
import { spawn } from "node:child_process";
import http from "node:http";
import { loadProjectModule } from "./lib/project-modules.mjs";
import { percentile } from "../bench/stats.mjs";

const STARTS = Number(process.env.BENCH_STARTS ?? 15);
const FETCHES = Number(process.env.BENCH_FETCHES ?? 300);
const PORT = Number(process.env.BENCH_EGRESS_PORT ?? 0);

const { spawnSandbox } = await loadProjectModule("lib/sandbox/process.ts");
const { DEFAULT_LIMITS } = await loadProjectModule("lib/sandbox/spec.ts");

const site = http.createServer((req, res) => res.end("ok"));
await new Promise((resolve) => site.listen(PORT, "127.0.0.1", resolve));
const port = site.address().port;
const egress = [{ host: "127.0.0.1", port }];

const spec = (args, withEgress) => ({ command: "node", args, env: {}, readOnly: [], limits: DEFAULT_LIMITS, egress: withEgress ? egress : undefined });

async function sandboxed(args, withEgress) {
  const sandbox = await spawnSandbox(spec(args, withEgress));
  let out = "";
  sandbox.stdout.setEncoding("utf8").on("data", (text) => (out += text));
  const exit = await sandbox.exited;
  if (exit.kind !== "exited") throw new Error(exit.reason);
  return out;
}

async function onHost(args) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (text) => (out += text));
  await new Promise((resolve) => child.on("close", resolve));
  return out;
}

const median = (xs) => percentile(xs, 50);
const row = (name, xs) => console.log(`${name.padEnd(34)} p50 ${median(xs).toFixed(2).padStart(8)} ms   p95 ${percentile(xs, 95).toFixed(2).padStart(8)} ms`);

// Cold start.
const starts = { without: [], with: [] };
for (let i = 0; i < STARTS + 2; i++) {
  for (const kind of ["without", "with"]) {
    const t0 = performance.now();
    await sandboxed(["-e", "console.log('ready')"], kind === "with");
    if (i >= 2) starts[kind].push(performance.now() - t0);
  }
}
console.log(`Cold start of a sandbox (node -e, ${STARTS} each, after 2 warm-ups)`);
row("  without egress", starts.without);
row("  with egress", starts.with);
console.log(`  ratio with/without (p50): ${(median(starts.with) / median(starts.without)).toFixed(2)}\n`);

// A request.
const script = `
  const url = "http://127.0.0.1:${port}/";
  (async () => {
    for (let i = 0; i < 20; i++) await (await fetch(url)).text();
    const times = [];
    for (let i = 0; i < ${FETCHES}; i++) { const t0 = performance.now(); await (await fetch(url)).text(); times.push(performance.now() - t0); }
    console.log(JSON.stringify(times));
  })();`;
const direct = JSON.parse(await onHost(["-e", script]));
const proxied = JSON.parse(await sandboxed(["-e", script], true));
console.log(`A fetch of a small answer (${FETCHES} each, kept alive, after 20 warm-ups)`);
row("  on the host, no proxy", direct);
row("  in the sandbox, through egress", proxied);
console.log(`  ratio egress/direct (p50): ${(median(proxied) / median(direct)).toFixed(2)}`);

await new Promise((resolve) => site.close(resolve));
