// The production HTTP server: `next start`, with two differences. First, Next.js
// hands the app the X-Forwarded-For header as the client wrote it, and adds
// the connection's address only when the header is absent, so with `next
// start` any client chooses the address that rate limits and the audit
// trail see. Here the connection's address is appended to X-Forwarded-For,
// as every proxy does; lib/http/client-address.ts reads the list from the
// right and trusts TRUST_PROXY entries before that address.
//
// Second, the workbench call is served ahead of Next.js's router, by the same route
// handler (lib/http/node-routes.ts says why); this file gives those answers
// what Next.js gives every answer: next.config.mjs's headers and compression.
//
// Third, the gateways' authorization server (the MCP SDK's Express handlers, lib/oauth-server/http.ts)
// needs Node's request and response, which only a server of our own hands it.
//
// Fourth, when demo accounts are on (DEMO_ACCOUNTS; on by default in local mode), it runs their MCP
// server, server-everything, on 127.0.0.1:DEMO_MCP_PORT: each instance its own, since a check or a
// connection never leaves the instance that opened it.
//
// Usage: node scripts/server.mjs [-p PORT] [-H HOSTNAME] [--dev] (the options of `next start`; --dev
// serves Next.js's dev server, for `npm run dev`).
import http from "node:http";
import path from "node:path";
import compression from "compression";
import nextConfig from "../next.config.mjs";
import { DEFAULT_DEMO_MCP_PORT, demoAccountsOn, isLocalMode } from "../lib/env-rules.mjs";
import { startDemoMcpServer } from "./lib/demo-mcp-server.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const port = Number(option("-p") ?? process.env.PORT ?? 3000);
const hostname = option("-H");
const dev = args.includes("--dev");

// What lib/http/own-server.ts looks for: without it, a production process does not start.
globalThis[Symbol.for("mcp-console.own-http-server")] = true;
// What the `next` command sets before it loads the server.
process.env.NODE_ENV ||= dev ? "development" : "production";
process.env.NEXT_RUNTIME = "nodejs";
const { default: next } = await import("next");

const app = next({ dev, dir: path.resolve(new URL("..", import.meta.url).pathname), hostname, port });
const handle = app.getRequestHandler();

/** X-Forwarded-For with the address of the connection that carried the request appended. */
function forwardedFor(req) {
  const peer = req.socket.remoteAddress ?? "unknown";
  const sent = req.headers["x-forwarded-for"];
  const before = Array.isArray(sent) ? sent.join(", ") : sent;
  return before ? `${before}, ${peer}` : peer;
}

/** The headers next.config.mjs gives every path. */
const everyPath = (await nextConfig.headers()).filter((rule) => rule.source === "/:path*").flatMap((rule) => rule.headers);
// Next.js's own choice: the compression middleware with its defaults.
const compress = compression();
/** A request's route, answering it, or null (lib/http/node-routes.ts), put there by instrumentation.ts when it has run. */
const DIRECT_ROUTES = Symbol.for("mcp-console.direct-routes");

const server = http.createServer((req, res) => {
  req.headers["x-forwarded-for"] = forwardedFor(req);
  const serve = globalThis[DIRECT_ROUTES]?.(req);
  if (!serve) return void handle(req, res);
  for (const { key, value } of everyPath) res.setHeader(key, value);
  compress(req, res, () => serve(res));
});

// SIGTERM/SIGINT: stop accepting connections and exit. Registered before the
// app starts, so that lib/shutdown.ts finds these handlers and runs them
// after the background work has finished.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

const localMode = isLocalMode(process.env.FIREBASE_PROJECT_ID);
// Started while the app prepares; a failure ends the start at once.
const demoServer = demoAccountsOn(process.env)
  ? startDemoMcpServer({ port: Number(process.env.DEMO_MCP_PORT || DEFAULT_DEMO_MCP_PORT), strict: !localMode }).catch((err) => {
      console.error(`MCP Console cannot start: ${err.message}`);
      process.exit(1);
    })
  : null;

// Instrumentation (configuration check, migrations, background work) runs
// here, before the port opens.
await app.prepare();
await demoServer;
server.listen(port, hostname, () => {
  console.log(`MCP Console listening on http://${hostname ?? "localhost"}:${port}`);
});
