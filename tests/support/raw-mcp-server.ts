import http from "node:http";
import type net from "node:net";
import type { RunningServer } from "./mcp-server";

/**
 * A Streamable HTTP MCP server written by hand (JSON answers, no session),
 * whose every method can be told to misbehave the way real servers and
 * proxies do: answer late, answer something that is not JSON-RPC, cut the
 * connection in the middle of the answer, or never answer. `state` can be
 * changed between requests.
 */
export type Behaviour = "answer" | "invalid" | "cut" | "hang";

export interface RawState {
  /** How each method is answered; "answer" when not listed. */
  methods: Partial<Record<"initialize" | "ping" | "tools/list", Behaviour>>;
  /** Waited before answering `ping`. */
  pingDelayMs?: number;
  tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[];
}

function resultOf(method: string, params: Record<string, unknown> | undefined, state: RawState): unknown {
  switch (method) {
    case "initialize":
      return {
        protocolVersion: params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "raw", version: "0.0.1" },
      };
    case "tools/list":
      return { tools: state.tools };
    default:
      return {};
  }
}

export async function startRawMcpServer(state: RawState): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== "POST") {
      // No standalone event stream, no session to end.
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number | string; method: string; params?: Record<string, unknown> };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const behaviour = state.methods[message.method as keyof RawState["methods"]] ?? "answer";
      if (behaviour === "hang") return;
      if (message.method === "ping" && state.pingDelayMs) await new Promise((r) => setTimeout(r, state.pingDelayMs));
      if (behaviour === "invalid") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok", answer: 42 }));
        return;
      }
      const body = JSON.stringify({ jsonrpc: "2.0", id: message.id, result: resultOf(message.method, message.params, state) });
      if (behaviour === "cut") {
        res.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
        res.write(body.slice(0, Math.floor(body.length / 2)), () => req.socket.destroy());
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
