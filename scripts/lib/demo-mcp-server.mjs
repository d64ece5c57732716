// The local demo's MCP server: @modelcontextprotocol/server-everything over
// Streamable HTTP, bound to loopback, with a clean environment (its get-env
// tool returns its whole environment: it must not see the console's secrets).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { portOpen, startChild, waitFor } from "./processes.mjs";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
const entry = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const loopbackOnly = pathToFileURL(path.join(root, "scripts/lib/loopback-only.mjs")).href;

export async function startDemoMcpServer({ port }) {
  if (await portOpen(port)) {
    console.log(`Port ${port} is already in use: the demo MCP server was not started (set DEMO_MCP_PORT to move it).`);
    return null;
  }
  const child = startChild(process.execPath, ["--import", loopbackOnly, entry, "streamableHttp"], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: "ignore",
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error("The demo MCP server exited during start-up");
    return portOpen(port);
  }, 30_000, "the demo MCP server");
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill("SIGTERM") };
}
