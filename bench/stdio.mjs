// A stdio server's cost (issue 36): the same package, server-everything in its stdio mode, as the
// console runs it (installed from the local registry of scripts/lib/npm-registry.mjs, in its
// sandbox, one shared process) and as a client runs it on its own machine (the SDK's stdio client
// in this process, no sandbox). Two figures, printed, not judged:
// - a warm `echo` call through the workbench API against the same call on the SDK's own stdio
//   connection, alternating after a warm-up (goal ≤ 1.5 ×);
// - a cold start: "Test connection" through the API (the sandbox started, the package's folder
//   checked, connect, the four lists discovery reads, the sandbox stopped) against the same
//   connect and four lists over an unsandboxed child process in this process.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BUNDLED, EVERYTHING } from "../scripts/lib/npm-registry.mjs";
import { alternate, GOAL, row, timed } from "./call-ratios.mjs";
import { percentile } from "./stats.mjs";

const CALLS = Number(process.env.BENCH_STDIO_CALLS ?? 300);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const STARTS = Number(process.env.BENCH_STDIO_STARTS ?? 10);
const PACKAGE = { registryType: "npm", identifier: BUNDLED.name, version: BUNDLED.version };

/** server-everything's stdio mode as an unsandboxed child of this process: what `npx` would run. */
const direct = (root) => new StdioClientTransport({ command: process.execPath, args: [path.join(root, "node_modules", EVERYTHING, "dist/index.js"), "stdio"], stderr: "ignore" });

async function discoverDirectly(root) {
  const client = new Client({ name: "bench-stdio", version: "1.0.0" });
  await client.connect(direct(root));
  await Promise.all([client.listTools(), client.listPrompts(), client.listResources(), client.listResourceTemplates()]);
  await client.close();
}

async function send(appUrl, headers, route, body) {
  const res = await fetch(`${appUrl}${route}`, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300 || json.ok === false) throw new Error(`${route}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Needs a console whose npm registry (npm_config_registry) is the local one. */
export async function benchStdio({ appUrl, headers, root }) {
  const created = await fetch(`${appUrl}/api/servers`, { method: "POST", headers, body: JSON.stringify({ name: "Everything stdio (bench)", transport: "stdio", package: PACKAGE, args: ["stdio"] }) });
  const server = await created.json();
  if (created.status === 503) {
    console.log(`\nStdio server: not measured, this machine cannot run the sandbox: ${server.message}`);
    return;
  }
  if (created.status !== 201) throw new Error(`register the stdio server: ${created.status} ${JSON.stringify(server).slice(0, 300)}`);
  const client = new Client({ name: "bench-stdio", version: "1.0.0" });
  await client.connect(direct(root));
  const message = { message: "benchmark" };
  const echoed = (what, result) => {
    if (result?.content?.[0]?.text !== "Echo: benchmark") throw new Error(`unexpected ${what} answer: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const samples = await alternate(
      [
        { key: "direct", fn: async () => echoed("direct", await client.callTool({ name: "echo", arguments: message })) },
        { key: "api", fn: async () => echoed("API", (await send(appUrl, headers, `/api/servers/${server.id}/call`, { method: "tools/call", params: { name: "echo", arguments: message } })).result) },
      ],
      { calls: CALLS, warmUp: WARM_UP },
    );
    const p50 = (xs) => percentile(xs, 50);
    console.log(`\nStdio server: tools/call echo on server-everything (stdio), ${CALLS} calls each after ${WARM_UP} warm-up, alternating\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row("direct (SDK stdio client, no sandbox)", samples.direct);
    row("through the workbench API (sandboxed)", samples.api);
    const ratio = p50(samples.api) / p50(samples.direct);
    console.log(`\nthrough the workbench API / direct (p50): ${ratio.toFixed(3)} — goal ≤ ${GOAL}: ${ratio <= GOAL ? "met" : "not met"}`);

    const starts = { direct: [], sandboxed: [] };
    for (let i = 0; i < STARTS; i++) {
      starts.direct.push(await timed(() => discoverDirectly(root)));
      starts.sandboxed.push(await timed(() => send(appUrl, headers, "/api/servers/test", { transport: "stdio", package: PACKAGE, args: ["stdio"] })));
    }
    console.log(`\nCold start (install cached): connect and the four lists discovery reads, ${STARTS} times each, alternating\n`);
    console.log(`${"".padEnd(44)}${"p50".padStart(12)}${"p95".padStart(12)}`);
    row("unsandboxed child of this process", starts.direct);
    row("Test connection through the API (sandbox)", starts.sandboxed);
    console.log(`\nsandboxed through the API / unsandboxed (p50): ${(p50(starts.sandboxed) / p50(starts.direct)).toFixed(3)}`);
  } finally {
    await client.close();
  }
}
