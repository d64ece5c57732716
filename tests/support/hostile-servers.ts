import http from "node:http";
import net from "node:net";

/**
 * An MCP server that behaves for the handshake and then turns hostile on
 * every request after it, each way by its path: `/hang` sends the headers
 * and then nothing, `/trickle` a byte a second, `/gigabyte` a gigabyte
 * (streamed, never held), `/sse-forever` an event stream that never ends,
 * `/invalid` answers that are not JSON-RPC, `/loop` redirects to itself and
 * `/to-private` redirects to a private address. Under `/call/` (`url(b, {
 * onCall: true })`) it also answers `tools/list` with one tool, `echo`, and
 * turns hostile on `tools/call` only: a server that can be registered, and
 * put in a gateway, and then misbehaves mid-call.
 */

export const HOSTILE_BEHAVIOURS = ["hang", "trickle", "gigabyte", "sse-forever", "invalid", "loop", "to-private"] as const;
export type HostileBehaviour = (typeof HOSTILE_BEHAVIOURS)[number];

export interface HostileServer {
  origin: string;
  url(behaviour: HostileBehaviour, options?: { onCall?: boolean }): string;
  stop(): Promise<void>;
}

const GIGABYTE = 1024 * 1024 * 1024;
const ECHO = { name: "echo", description: "Echoes the message back.", inputSchema: { type: "object", properties: { message: { type: "string" } } } };
const CHUNK = Buffer.alloc(64 * 1024, "x");

function readJson(req: http.IncomingMessage): Promise<{ id?: number; method?: string; params?: { protocolVersion?: string } }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (err) {
        reject(err);
      }
    });
    req.on("error", reject);
  });
}

/** Writes `total` bytes as fast as the reader takes them, stopping when it goes away. */
function stream(res: http.ServerResponse, total: number) {
  let sent = 0;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once("drain", more);
    }
    if (!res.destroyed) res.end();
  };
  more();
}

/** Calls `tick` every `ms` until the response closes. */
function every(res: http.ServerResponse, ms: number, tick: () => void) {
  const timer = setInterval(tick, ms);
  res.on("close", () => clearInterval(timer));
}

function behave(behaviour: string, res: http.ServerResponse, origin: string) {
  switch (behaviour as HostileBehaviour) {
    case "hang":
      res.writeHead(200, { "content-type": "application/json" }).flushHeaders();
      return;
    case "trickle":
      res.writeHead(200, { "content-type": "application/json" });
      every(res, 1_000, () => res.write("{"));
      return;
    case "gigabyte":
      res.writeHead(200, { "content-type": "application/json" });
      stream(res, GIGABYTE);
      return;
    case "sse-forever":
      res.writeHead(200, { "content-type": "text/event-stream" });
      every(res, 10, () => res.write(`: still here ${"x".repeat(1024)}\n\n`));
      return;
    case "invalid":
      res.writeHead(200, { "content-type": "application/json" }).end('{"jsonrpc":"1.0","id":"?","oops":[');
      return;
    case "loop":
      res.writeHead(307, { location: `${origin}/loop` }).end();
      return;
    case "to-private":
      res.writeHead(307, { location: "http://10.0.0.1/mcp" }).end();
      return;
    default:
      res.writeHead(404).end();
  }
}

export async function startHostileServer(): Promise<HostileServer> {
  const sockets = new Set<net.Socket>();
  let origin = "";
  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    const pathname = new URL(req.url ?? "/", origin).pathname;
    const onCall = pathname.startsWith("/call/");
    const behaviour = pathname.slice(onCall ? "/call/".length : 1);
    const message = await readJson(req).catch(() => undefined);
    if (!message) return void res.writeHead(400).end();
    if (message.id === undefined) return void res.writeHead(202).end();
    const answer = (result: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    if (message.method === "initialize") {
      return void answer({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "hostile", version: "0.0.1" } });
    }
    if (onCall && message.method === "tools/list") return void answer({ tools: [ECHO] });
    if (onCall && message.method !== "tools/call") return void answer({});
    behave(behaviour, res, origin);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (behaviour, options = {}) => `${origin}/${options.onCall ? "call/" : ""}${behaviour}`,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
