// The scanner's cost against the cost of what it reads: a local server with
// 1,000 tools, scanned through the console's API (`POST /api/servers/{id}/scan`:
// ask the server for its definitions again, store them, run every rule, store
// the findings), alternating with a direct `tools/list` of the same server over
// the MCP SDK. Prints medians and ratios; asserts nothing.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startManyToolsServer } from "./many-tools-server.mjs";
import { ms, percentile } from "./stats.mjs";

const TOOLS = 1_000;
// The API allows 10 scans a minute per user: every one of them is measured.
const SCANS = Number(process.env.BENCH_SCANS ?? 10);

export async function benchScanner({ appUrl, headers }) {
  const upstream = await startManyToolsServer(TOOLS);
  try {
    // Creating the server discovers it, which scans it once: the warm-up.
    const created = await fetch(`${appUrl}/api/servers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Many tools (bench)", transport: "streamable-http", url: upstream.url }),
    });
    if (created.status !== 201) throw new Error(`create server: ${created.status} ${await created.text()}`);
    const { id, counts } = await created.json();
    if (counts.tools !== TOOLS) throw new Error(`discovered ${counts.tools} tools, expected ${TOOLS}`);

    const client = new Client({ name: "bench-scanner", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    await client.listTools();

    const samples = { list: [], scan: [], rules: [] };
    let findings = 0;
    for (let i = 0; i < SCANS; i++) {
      let started = performance.now();
      const { tools } = await client.listTools();
      samples.list.push(performance.now() - started);
      if (tools.length !== TOOLS) throw new Error(`listed ${tools.length} tools`);

      started = performance.now();
      const res = await fetch(`${appUrl}/api/servers/${id}/scan`, { method: "POST", headers });
      const scan = await res.json();
      samples.scan.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`scan: ${res.status} ${JSON.stringify(scan)}`);
      if (scan.refreshError) throw new Error(`scan did not reach the server: ${scan.refreshError}`);
      samples.rules.push(scan.durationMs);
      findings = scan.total;
    }
    await client.close();

    const list = percentile(samples.list, 50);
    const scan = percentile(samples.scan, 50);
    const rules = percentile(samples.rules, 50);
    const row = (label, xs) => console.log(`${label.padEnd(44)}${ms(percentile(xs, 50)).padStart(12)}${ms(percentile(xs, 95)).padStart(12)}`);
    console.log(`\nScanner benchmark: a local server with ${TOOLS.toLocaleString("en")} tools, ${SCANS} scans alternating with a direct tools/list; ${findings} findings a scan\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row("direct tools/list (MCP SDK, connected)", samples.list);
    row("scan through the API (list, store, rules)", samples.scan);
    row("the rules alone (the scan's own duration)", samples.rules);
    console.log(`\nper tool: scan ${(scan / TOOLS).toFixed(3)} ms, rules ${(rules / TOOLS).toFixed(3)} ms, tools/list ${(list / TOOLS).toFixed(3)} ms`);
    console.log(`ratio scan p50 / tools/list p50: ${(scan / list).toFixed(2)}`);
    console.log(`ratio rules p50 / tools/list p50: ${(rules / list).toFixed(2)}`);
  } finally {
    await upstream.stop();
  }
}
