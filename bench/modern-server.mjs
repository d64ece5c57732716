// A local MCP server of the 2026-07-28 revision only, for the benchmarks: the
// v2 server package's `createMcpHandler` with `legacy: "reject"` (no
// `initialize`, no session, no `ping`), over Node's HTTP server on loopback,
// in a process of its own as server-everything is, so that neither shares a
// process with the clients that measure it. It answers `echo` as
// server-everything does ("Echo: <message>"), and lists either that one tool
// or, given a server's URL, the very definitions that server lists: a
// modern check then lists what a 2025 check of server-everything lists, and
// the two kinds of check differ by their revision alone.
//
// Run as `node bench/modern-server.mjs <port> [<url of a server whose tools to list>]`;
// `startModernServer` does that and waits for the port.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { portOpen, waitFor } from "../scripts/lib/ports.mjs";
import { startChild } from "../scripts/lib/processes.mjs";
import { listAllTools } from "./list-tools.mjs";

const ECHO = {
  name: "echo",
  description: "Echoes back the input string",
  inputSchema: { type: "object", properties: { message: { type: "string", description: "Message to echo" } }, required: ["message"] },
};

/**
 * Every tool `url` lists, asked with the v1 client (the server speaks 2025)
 * declaring what the console declares: server-everything lists some tools
 * only to clients that answer for roots, input and sampling.
 */
async function toolsOf(url) {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const capabilities = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };
  const client = new Client({ name: "bench-modern-server", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await listAllTools(client);
  } finally {
    await client.close();
  }
}

async function serve(port, tools) {
  const { Server, createMcpHandler } = await import("@modelcontextprotocol/server");
  const handler = createMcpHandler(
    () => {
      const server = new Server({ name: "bench-modern", version: "2.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler("tools/list", () => ({ tools }));
      server.setRequestHandler("tools/call", (request) => {
        if (request.params.name !== "echo") return { isError: true, content: [{ type: "text", text: `Only echo is served here, not ${request.params.name}.` }] };
        return { content: [{ type: "text", text: `Echo: ${request.params.arguments?.message ?? ""}` }] };
      });
      return server;
    },
    { legacy: "reject" },
  );
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await handler.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === "POST" ? body : undefined }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    if (answer.body) for await (const chunk of answer.body) res.write(chunk);
    res.end();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
}

/** Starts the server in a child process on 127.0.0.1:`port`; `toolsFrom`: a server whose tools it lists beside answering echo. */
export async function startModernServer({ port, toolsFrom }) {
  const child = startChild(process.execPath, [fileURLToPath(import.meta.url), String(port), ...(toolsFrom ? [toolsFrom] : [])], { stdio: ["ignore", "ignore", "inherit"] });
  let exited = false;
  child.on("exit", () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error("the modern MCP server exited during start-up");
    return portOpen(port);
  }, 30_000, "the modern MCP server");
  return { url: `http://127.0.0.1:${port}/mcp`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [port, toolsFrom] = process.argv.slice(2);
  const tools = toolsFrom ? await toolsOf(toolsFrom) : [ECHO];
  await serve(Number(port), tools);
}
