// The result guard's cost (issue 37's bar: ≤ 0.5 ms at p50 on a call returning
// 4 KB of text): `echo` of a 4 KB message on the local server-everything
// through two gateways of the same server, one with the guard off (`results`
// off for both kinds) and one with the defaults (redact both), alternating,
// after a warm-up. The message is a web page's text (prose with links, an
// address, numbers and an identifier), which the guard reads in full and
// finds nothing in. Prints p50 and p95 of each and the difference and ratio
// of the medians; asserts nothing.
import { connectGateway, createGateway } from "./gateway.mjs";
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

export async function benchResultGuard({ appUrl, headers, token, serverId }) {
  const servers = [{ serverId, prefix: "everything" }];
  const [offUrl, onUrl] = [
    await createGateway({ appUrl, headers, name: "Guard off (bench)", servers, policy: { results: { instructions: "off", secrets: "off" } } }),
    await createGateway({ appUrl, headers, name: "Guard on (bench)", servers }),
  ];
  const [off, on] = await Promise.all([connectGateway(offUrl, token, "bench-guard-off"), connectGateway(onUrl, token, "bench-guard-on")]);
  const call = (client) => async () => {
    const result = await client.callTool({ name: "everything__echo", arguments: { message: MESSAGE } });
    if (result.content?.[0]?.text !== `Echo: ${MESSAGE}`) throw new Error(`the guard changed a benign result: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const samples = await alternate([{ key: "off", fn: call(off) }, { key: "on", fn: call(on) }], { calls: CALLS, warmUp: WARM_UP });
    const p50 = (key) => percentile(samples[key], 50);
    console.log(`\nResult guard: tools/call echo of ${MESSAGE.length.toLocaleString("en")} characters through two gateways of one server, ${CALLS} calls each after ${WARM_UP} warm-up, alternating\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row("gateway, results guard off", samples.off);
    row("gateway, results guard on (redact both)", samples.on);
    console.log(`\nthe guard's cost at p50: ${(p50("on") - p50("off")).toFixed(3)} ms (issue 37's bar: 0.5 ms); ratio on/off p50: ${(p50("on") / p50("off")).toFixed(3)}`);
  } finally {
    await Promise.all([off.close(), on.close()]);
  }
}
