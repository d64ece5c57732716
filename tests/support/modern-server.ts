import type http from "node:http";
import type { McpServer, ServerNotifier } from "@modelcontextprotocol/server";
import { z } from "zod";
import { startHttpServer, type RunningServer } from "./mcp-server";

/**
 * A real MCP server built with the v2 server package, served by its
 * `createMcpHandler`: `legacy: "reject"` speaks only the 2026-07-28 revision,
 * `legacy: "stateless"` that one and the 2025 revisions too. It offers one
 * tool, `echo`, and whatever tools `register` adds; it keeps the JSON-RPC
 * methods and requests that reach it (what a test asserts about what the
 * console asked, and how).
 */
export interface ModernServer extends RunningServer {
  url: string;
  /** Each JSON-RPC method received, in order. */
  methods: string[];
  /** Each JSON-RPC request and notification received, as sent, in order. */
  requests: { method: string; params?: Record<string, unknown> }[];
  /** Tells the clients listening (subscriptions/listen) of a change. */
  notify: ServerNotifier;
}

async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function requestsIn(body: Buffer): ModernServer["requests"] {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]).filter((m): m is ModernServer["requests"][number] => typeof (m as { method?: unknown }).method === "string");
  } catch {
    return [];
  }
}

export async function startModernServer(legacy: "reject" | "stateless", register: (server: McpServer) => void = () => {}): Promise<ModernServer> {
  const { McpServer, createMcpHandler } = await import("@modelcontextprotocol/server");
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: `modern-${legacy}`, version: "2.0.0" });
      server.registerTool("echo", { description: "Echoes a message.", inputSchema: z.object({ message: z.string() }) }, ({ message }) => ({
        content: [{ type: "text", text: `echo: ${message}` }],
      }));
      register(server);
      return server;
    },
    { legacy },
  );
  const methods: string[] = [];
  const requests: ModernServer["requests"] = [];
  const running = await startHttpServer(async (req, res) => {
    const body = req.method === "POST" ? await bodyOf(req) : undefined;
    const received = body ? requestsIn(body) : [];
    requests.push(...received);
    methods.push(...received.map((m) => m.method));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await handler.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    const reader = answer.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) res.write(read.value);
    res.end();
  });
  return { ...running, url: `${running.origin}/mcp`, methods, requests, notify: handler.notify };
}
