import http from "node:http";
import net from "node:net";
import type { RunningServer } from "../support/mcp-server";

/**
 * MCP servers the workbench tests need beyond tests/support/mcp-server.ts:
 * a proxy that records every JSON-RPC method it forwards (to count
 * initialize requests and see cancellations) and can be pointed at a
 * restarted server, a scripted server with a huge and a hanging tool, and
 * one whose answers are not valid MCP.
 */

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

function stoppable(server: http.Server, port: number): RunningServer {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function methodsOf(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.map((m) => (m as { method?: string }).method).filter((m): m is string => typeof m === "string");
  } catch {
    return [];
  }
}

export interface RecordingProxy extends RunningServer {
  /** Every JSON-RPC method posted through the proxy, in order, plus "DELETE" for session ends. */
  methods: string[];
  count(method: string): number;
  retarget(target: RunningServer): void;
}

export async function startRecordingProxy(initial: RunningServer): Promise<RecordingProxy> {
  let target = initial;
  const methods: string[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === "POST") methods.push(...methodsOf(body));
    if (req.method === "DELETE") methods.push("DELETE");
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    // Like a reverse proxy: a server that is down is a 502.
    upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end("upstream unavailable")));
    res.on("close", () => upstream.destroy());
    upstream.end(body);
  });
  const port = await listen(server);
  return {
    ...stoppable(server, port),
    methods,
    count: (method) => methods.filter((m) => m === method).length,
    retarget: (next) => {
      target = next;
    },
  };
}

/**
 * A stateless Streamable HTTP server (the SDK's McpServer) with tools `big`
 * (a text result of `bytes`), `hang` (never answers) and `echo`. With
 * `json`, answers are plain JSON instead of event streams.
 */
export async function startScriptedTools({ json }: { json: boolean }): Promise<RunningServer> {
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const { z } = await import("zod");
  const server = http.createServer(async (req, res) => {
    const mcp = new McpServer({ name: "scripted-tools", version: "1.0.0" });
    mcp.registerTool("big", { inputSchema: { bytes: z.number() } }, async ({ bytes }) => ({ content: [{ type: "text", text: "x".repeat(bytes) }] }));
    mcp.registerTool("hang", { description: "Never answers" }, () => new Promise(() => {}));
    mcp.registerTool("echo", { inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: "text", text: message }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: json });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  return stoppable(server, await listen(server));
}

/** Completes the handshake like an MCP server, then answers tools/call with something that is not a tool result. */
export async function startMalformedServer(): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const message = JSON.parse((await readBody(req)).toString("utf8")) as { id?: number; method: string; params?: { protocolVersion?: string } };
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const result =
      message.method === "initialize"
        ? { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "malformed", version: "0.0.1" } }
        : message.method === "tools/call"
          ? { content: "this is not a list of content blocks" }
          : {};
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
  });
  return stoppable(server, await listen(server));
}
