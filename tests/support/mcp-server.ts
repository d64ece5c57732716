import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Real MCP servers for the integration tests: @modelcontextprotocol/server-everything
 * on a free loopback port with a clean environment (its get-env tool returns
 * its whole environment), an auth proxy in front of it, and a server that
 * accepts connections and never answers.
 */

const ROOT = path.resolve(__dirname, "../..");
const ENTRY = path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const LOOPBACK_ONLY = pathToFileURL(path.join(ROOT, "scripts/lib/loopback-only.mjs")).href;

export interface RunningServer {
  port: number;
  /** Base URL, e.g. http://127.0.0.1:1234 */
  origin: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Starts server-everything over `streamableHttp` (serves /mcp) or `sse` (serves /sse),
 * on a free port or on `port` (to start it again where it was).
 */
export async function startEverything(mode: "streamableHttp" | "sse", port?: number): Promise<RunningServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, ["--import", LOOPBACK_ONLY, ENTRY, mode], {
    // Only PATH and PORT (Next's typing of ProcessEnv insists on NODE_ENV).
    env: { PATH: process.env.PATH ?? "", PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
  const deadline = Date.now() + 20_000;
  while (!(await portAnswers(port))) {
    if (child.exitCode !== null) throw new Error(`server-everything (${mode}) exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`server-everything (${mode}) did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, origin: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

function closeServer(server: http.Server | net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

function tracked(server: net.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return sockets;
}

export interface AuthProxy extends RunningServer {
  /** Every request the proxy saw, in order. */
  requests: { method: string; path: string; authorization: string }[];
  /** Requests whose answer has not ended yet (open SSE streams included). */
  inFlight(): number;
}

/**
 * A reverse proxy that answers 401 unless `Authorization: Bearer <token>`
 * is present, and otherwise forwards to `target` (streams included).
 */
export async function startAuthProxy(target: RunningServer, token: string): Promise<AuthProxy> {
  const requests: AuthProxy["requests"] = [];
  let open = 0;
  const server = http.createServer((req, res) => {
    const authorization = req.headers.authorization ?? "";
    requests.push({ method: req.method ?? "", path: req.url ?? "", authorization });
    open += 1;
    res.on("close", () => (open -= 1));
    if (authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" });
      res.end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
    res.on("close", () => upstream.destroy());
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, requests, inFlight: () => open, stop: () => closeServer(server, sockets) };
}

/** Accepts TCP connections and reads them, but never writes a byte. */
export async function startSilentServer(): Promise<RunningServer> {
  const server = net.createServer((socket) => socket.resume());
  const sockets = tracked(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, stop: () => closeServer(server, sockets) };
}

/** An HTTP server answering every request with `handler`; for redirects and odd answers. */
export async function startHttpServer(handler: http.RequestListener): Promise<RunningServer> {
  const server = http.createServer(handler);
  const sockets = tracked(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, stop: () => closeServer(server, sockets) };
}

export interface ScriptedState {
  tools: Record<string, unknown>[];
  pageSize: number;
  /** Answer the handshake, then never answer tools/list. */
  hangLists?: boolean;
}

/**
 * A stateless Streamable HTTP MCP server (the SDK's own server classes) that
 * lists `state.tools` in pages of `state.pageSize`, for pagination, caps,
 * changing definitions and a hung list. `state` can be changed between calls.
 */
export async function startScriptedServer(state: ScriptedState): Promise<RunningServer> {
  const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const { ListToolsRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
  const server = http.createServer(async (req, res) => {
    const mcp = new Server({ name: "scripted", version: "1.2.3" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async (request) => {
      if (state.hangLists) await new Promise(() => {});
      const start = Number(request.params?.cursor ?? 0);
      const end = start + state.pageSize;
      return {
        tools: state.tools.slice(start, end) as never,
        ...(end < state.tools.length ? { nextCursor: String(end) } : {}),
      };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, stop: () => closeServer(server, sockets) };
}

/**
 * What the console declares as an MCP client: a test that asks a server
 * directly what the console should see must declare the same, since servers
 * offer some tools only to clients that answer roots, sampling and form input.
 */
export const CONSOLE_CLIENT_CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };
