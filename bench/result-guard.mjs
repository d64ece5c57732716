// The result guard's cost (issue 37's bar: ≤ 0.5 ms at p50 on a call returning
// 4 KB of text): `echo` of a 4 KB message on the local server-everything
// through three gateways of the same server, two with the guard off (`results`
// off for both kinds) and one with the defaults (redact both), in turn, each
// first in every third round (a call's history is written after its answer,
// while the next call runs), after a warm-up; the two alike say how finely the
// run can tell a difference. The message is a web
// page's text (prose with links, an address, numbers and an identifier),
// which the guard reads in full and finds nothing in. Prints p50 and p95 of
// each, the differences and ratio of the medians, and how far the two
// gateways alike differ; asserts nothing.
//
// Then, given `load` (what bench/gateway.mjs's load needs to cost a call:
// the console's, the database's and the upstream's processes), its bar of
// ≤ 10 % less throughput: 50 clients calling through the gateway with the
// guard off for 30 s, then through the one with it on, then on and off
// again, with the gateway load's own few-word messages and again with the
// 4 KB text. Prints calls/s of each and the ratio on/off, and the console's
// CPU per call (what throughput follows when the console's CPU is what runs
// out, and less swayed by other work on the machine); exits 1 on any error
// under load.
import { benchGatewayLoad, connectGateway, createGateway } from "./gateway.mjs";
import { alternate, row } from "./call-ratios.mjs";
import { percentile } from "./stats.mjs";

const CALLS = Number(process.env.BENCH_GUARD_CALLS ?? 300);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);

const PARAGRAPH =
  "Lisbon is built on seven hills, so wear comfortable shoes. Tram 28 crosses the old town from Martim Moniz to Campo de Ourique; " +
  "buy a Viva Viagem card at any metro station and load it with zapping credit (see https://www.metrolisboa.pt/en/buy/ for fares). " +
  "The Time Out Market in Cais do Sodré opens at 10:00, and the bakery at Rua de Belém 84-92 has been baking custard tarts since 1837. " +
  "Booking reference 7F3C2A9E-41B0, contact desk@lisbon-notes.example for changes. ";
/** About 4 KB of text: the paragraph repeated. */
export const MESSAGE = PARAGRAPH.repeat(Math.ceil(4096 / PARAGRAPH.length)).slice(0, 4096);

/** Seconds of load through each gateway before the measured loads: a fresh console's first load is slower. */
const LOAD_WARM_UP_SEC = 10;

/**
 * 50 clients through the gateway of `offUrl`, then of `onUrl`, then again
 * in the other order (the load of a shared machine drifts: what drifts
 * evenly over the four weighs on both alike), after a short load through
 * each, echoing `messageOf(i)`: the throughput and the console's CPU per
 * call of each, and the ratios.
 */
async function loadOffThenOn({ offUrl, onUrl, token, load, what, messageOf }) {
  const through = (url, guard, durationSec) =>
    benchGatewayLoad({ ...load, label: `2025 clients, ${what}, results guard ${guard}`, toolName: "everything__echo", messageOf, durationSec, connect: (i) => connectGateway(url, token, `bench-guard-load-${i}`) });
  for (const [url, guard] of [[offUrl, "off"], [onUrl, "on"]]) await through(url, `${guard} (warm-up)`, LOAD_WARM_UP_SEC);
  const runs = { off: [], on: [] };
  for (const guard of ["off", "on", "on", "off"]) runs[guard].push(await through(guard === "off" ? offUrl : onUrl, guard === "off" ? "off" : "on (redact both)"));
  const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
  const [off, on] = [runs.off, runs.on].map((list) => ({ rate: mean(list, "rate"), serviceMs: mean(list, "serviceMs") }));
  const lower = 1 - on.rate / off.rate;
  console.log(`\n${what}, off, on, on, off: throughput with the guard on / off ${on.rate.toFixed(1)} / ${off.rate.toFixed(1)} calls/s = ${(on.rate / off.rate).toFixed(3)} (${Math.abs(100 * lower).toFixed(1)} % ${lower >= 0 ? "lower" : "higher"}; issue 37's bar: ≤ 10 % lower)`);
  console.log(`the console's CPU per call, on / off: ${on.serviceMs.toFixed(2)} / ${off.serviceMs.toFixed(2)} ms = ${(on.serviceMs / off.serviceMs).toFixed(3)}`);
  if ([...runs.off, ...runs.on].some((r) => r.failed > 0)) process.exitCode = 1;
}

export async function benchResultGuard({ appUrl, headers, token, serverId, load }) {
  const servers = [{ serverId, prefix: "everything" }];
  const unguarded = { results: { instructions: "off", secrets: "off" } };
  const [offUrl, onUrl, controlUrl] = [
    await createGateway({ appUrl, headers, name: "Guard off (bench)", servers, policy: unguarded }),
    await createGateway({ appUrl, headers, name: "Guard on (bench)", servers }),
    await createGateway({ appUrl, headers, name: "Guard off, control (bench)", servers, policy: unguarded }),
  ];
  const [off, on, control] = await Promise.all([
    connectGateway(offUrl, token, "bench-guard-off"),
    connectGateway(onUrl, token, "bench-guard-on"),
    connectGateway(controlUrl, token, "bench-guard-control"),
  ]);
  const call = (client) => async () => {
    const result = await client.callTool({ name: "everything__echo", arguments: { message: MESSAGE } });
    if (result.content?.[0]?.text !== `Echo: ${MESSAGE}`) throw new Error(`the guard changed a benign result: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const samples = await alternate(
      [
        { key: "off", fn: call(off) },
        { key: "on", fn: call(on) },
        { key: "control", fn: call(control) },
      ],
      { calls: CALLS, warmUp: WARM_UP, turns: true },
    );
    const p50 = (key) => percentile(samples[key], 50);
    console.log(`\nResult guard: tools/call echo of ${MESSAGE.length.toLocaleString("en")} characters through three gateways of one server, ${CALLS} calls each after ${WARM_UP} warm-up, in turn, each first in every third round\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row("gateway, results guard off", samples.off);
    row("gateway, results guard on (redact both)", samples.on);
    row("another gateway, results guard off", samples.control);
    console.log(`\nthe guard's cost at p50: ${(p50("on") - p50("off")).toFixed(3)} ms against the first gateway off, ${(p50("on") - p50("control")).toFixed(3)} ms against the other (issue 37's bar: 0.5 ms); ratio on/off p50: ${(p50("on") / p50("off")).toFixed(3)}`);
    // Two gateways alike differ by this much: what this run can tell apart.
    console.log(`the two gateways with the guard off differ by ${Math.abs(p50("control") - p50("off")).toFixed(3)} ms at p50: this run's resolution`);
  } finally {
    await Promise.all([off.close(), on.close(), control.close()]);
  }
  if (!load) return;
  await loadOffThenOn({ offUrl, onUrl, token, load, what: "few-word messages", messageOf: (i) => `client ${i}` });
  await loadOffThenOn({ offUrl, onUrl, token, load, what: `${MESSAGE.length.toLocaleString("en")}-character messages`, messageOf: () => MESSAGE });
}
