// The alternating loop of `npm run bench`: each way of making the same call,
// one after the other, again and again, so that a slower moment of the
// shared machine weighs on all alike; then each way's p50 over a baseline's
// (the bare forwarder) measured in that same loop.
import http from "node:http";
import { ms, percentile } from "./stats.mjs";

/** The API's and the gateways' p50 over the bare forwarder's p50, all measured in the same alternating loop. */
export const BAR = 2.0;
/** What the console aims at, beyond the bar. */
export const GOAL = 1.5;

export async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * `routes`: [{ key, fn }]. Each is called `warmUp` times, then timed `calls` times, alternating; returns { key: samples }.
 * With `turns`, each round starts one route later than the one before, so that no route always follows the same
 * one and pays for what that one leaves running after it answers (a call's history, written after its answer).
 */
export async function alternate(routes, { calls, warmUp, turns = false }) {
  for (let i = 0; i < warmUp; i++) for (const { fn } of routes) await fn();
  const samples = Object.fromEntries(routes.map(({ key }) => [key, []]));
  for (let i = 0; i < calls; i++) {
    const from = turns ? i % routes.length : 0;
    for (const { key, fn } of [...routes.slice(from), ...routes.slice(0, from)]) samples[key].push(await timed(fn));
  }
  return samples;
}

export const row = (label, xs, width = 44) => console.log(`${label.padEnd(width)}${ms(percentile(xs, 50)).padStart(12)}${ms(percentile(xs, 95)).padStart(12)}`);

/** "met", "met, and the goal too", or "MISSED", for a ratio against the bar. */
export function verdict(ratio) {
  if (ratio > BAR) return "MISSED";
  return ratio <= GOAL ? `met, and the goal ≤ ${GOAL} too` : `met, not the goal ≤ ${GOAL}`;
}

/**
 * Prints p50 and p95 of each route of `samples` under `labels` ({ key: label }) and, for each of
 * `judged`, its p50 over `baseline`'s p50 against the bar; returns whether all of them met it.
 */
export function report({ title, labels, samples, baseline, judged }) {
  console.log(`\n${title}\n`);
  console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
  for (const [key, label] of Object.entries(labels)) row(label, samples[key]);
  const p50 = (key) => percentile(samples[key], 50);
  console.log("");
  let met = true;
  for (const key of judged) {
    const ratio = p50(key) / p50(baseline);
    met &&= ratio <= BAR;
    console.log(`${labels[key]} / ${labels[baseline]} (p50): ${ratio.toFixed(3)} — bar ≤ ${BAR}: ${verdict(ratio)}`);
  }
  return met;
}

/**
 * The least a backend hop can do: a bare Node HTTP server in this process
 * that forwards a call's params to `upstream` (a connected SDK client, of
 * either package) and answers its result as JSON. No session, no database,
 * no Next.js: what one extra HTTP hop costs here. Returns its call and `close`.
 */
export async function startForwarder(upstream) {
  const forwarder = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const { params } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const text = JSON.stringify({ result: await upstream.callTool(params) });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${forwarder.address().port}/`;
  return {
    /** POSTs `body` (a JSON-RPC tools/call) to the forwarder; resolves with its JSON. */
    call: async (body) => (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body })).json(),
    close: () => new Promise((resolve) => forwarder.close(resolve)),
  };
}
