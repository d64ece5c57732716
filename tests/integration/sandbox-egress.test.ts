import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { spawnSandbox } from "@/lib/sandbox/process";
import type { EgressRule } from "@/lib/sandbox/egress-admission";
import type { SandboxLimits, SandboxSpec } from "@/lib/sandbox/spec";
import { leftoverCgroups, programSpec } from "../support/sandbox";

/**
 * Egress of a sandboxed server (lib/sandbox/egress-proxy.ts): a script in the sandbox reaches a
 * host of its `egress` list through the console's proxy, with Node's own fetch, a CONNECT tunnel
 * and a plain HTTP request; anything else is refused with the reason, under the console's outbound
 * policy; and a sandbox without egress still has no network at all.
 */

const PORT = 4110;
const OTHER_PORT = 4111;
const TLS_PORT = 4113;
const hello = (req: http.IncomingMessage, res: http.ServerResponse) =>
  res.end(req.url === "/host" ? `site was asked for ${req.headers.host}` : `site says hello to ${req.method} ${req.url}`);
let site: http.Server;
let tlsSite: https.Server;
/** A folder holding only the TLS site's certificate, shown to the sandbox so its clients trust it. */
let certs: string;

beforeAll(async () => {
  site = http.createServer(hello);
  await new Promise<void>((resolve) => site.listen(PORT, "127.0.0.1", resolve));
  expect((site.address() as AddressInfo).port).toBe(PORT);

  const keys = fs.mkdtempSync(path.join(os.tmpdir(), "egress-tls-"));
  certs = fs.mkdtempSync(path.join(os.tmpdir(), "egress-certs-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
    "-keyout", path.join(keys, "key.pem"), "-out", path.join(certs, "cert.pem")], { stdio: "ignore" });
  tlsSite = https.createServer({ key: fs.readFileSync(path.join(keys, "key.pem")), cert: fs.readFileSync(path.join(certs, "cert.pem")) }, hello);
  fs.rmSync(keys, { recursive: true });
  await new Promise<void>((resolve) => tlsSite.listen(TLS_PORT, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => tlsSite.close(resolve));
  fs.rmSync(certs, { recursive: true });
  expect(leftoverCgroups()).toEqual([]);
});

/** Runs `body` (an async function's body, returning a value) in a sandbox with this egress; gives back what it returned, and the proxy's counts. */
async function inSandbox(body: string, egress?: EgressRule[], limits: Partial<SandboxLimits> = {}, more: Partial<SandboxSpec> = {}) {
  const script = `
    const http = require("http"), net = require("net");
    /** A raw CONNECT to the proxy: its status line and body, or, once tunnelled, what a GET through it answers. */
    const tunnel = (authority) => new Promise((resolve) => {
      const socket = net.connect(${3128}, "127.0.0.1", () => socket.write("CONNECT " + authority + " HTTP/1.1\\r\\nHost: " + authority + "\\r\\n\\r\\n"));
      let seen = "";
      socket.on("data", (chunk) => {
        seen += chunk;
        if (seen.startsWith("HTTP/1.1 200") && seen.endsWith("\\r\\n\\r\\n")) { seen = ""; socket.write("GET /tunnelled HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n"); }
      });
      socket.on("close", () => resolve(seen.split("\\r\\n\\r\\n").slice(-1)[0].trim() || seen));
      socket.on("error", (e) => resolve(e.code));
    });
    /** A plain HTTP request in absolute form, as curl sends one through a proxy. */
    const plain = (url, headers = {}) => new Promise((resolve) => {
      http.get({ host: "127.0.0.1", port: 3128, path: url, headers }, (res) => {
        let text = ""; res.on("data", (c) => text += c); res.on("end", () => resolve(res.statusCode + " " + text.trim()));
      }).on("error", (e) => resolve(e.code));
    });
    const fetched = (url) => fetch(url).then((res) => res.text(), (e) => "failed: " + (e.cause?.message ?? e.message));
    const run = (command, args) => { try { return require("child_process").execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim(); } catch (e) { return "failed: " + e.stderr.trim(); } };
    const nodeHttps = (url) => new Promise((resolve) => require("https").get(url, (res) => resolve(res.statusCode)).on("error", (e) => resolve(e.code)));
    const direct = (host, port) => new Promise((resolve) => {
      const socket = net.connect({ host, port, timeout: 2000 });
      socket.on("connect", () => { socket.destroy(); resolve("connected"); });
      socket.on("timeout", () => { socket.destroy(); resolve("timeout"); });
      socket.on("error", (e) => resolve(e.code));
    });
    (async () => { ${body} })().then((result) => console.log(JSON.stringify(result)));`;
  const sandbox = await spawnSandbox({ ...programSpec("node", ["-e", script], limits), egress, ...more });
  let stdout = "";
  sandbox.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  const exit = await sandbox.exited;
  expect(exit).toMatchObject({ kind: "exited" });
  return { result: JSON.parse(stdout), stats: sandbox.egress };
}

it("reaches a listed host with Node's fetch, a CONNECT tunnel and a plain HTTP request, and nothing else", async () => {
  const warned = jest.spyOn(log, "warn");
  const { result, stats } = await inSandbox(
    `return {
      fetched: await fetched("http://127.0.0.1:${PORT}/by-fetch"),
      tunnelled: await tunnel("127.0.0.1:${PORT}"),
      plain: await plain("http://127.0.0.1:${PORT}/by-plain?q=1"),
      otherVirtualHost: await plain("http://127.0.0.1:${PORT}/host", { host: "internal.example" }),
      otherPort: await tunnel("127.0.0.1:${OTHER_PORT}"),
      otherHost: await plain("http://localhost:${PORT}/?token=query-secret", { authorization: "Bearer header-secret" }),
      fetchedElsewhere: await fetched("http://127.0.0.1:${OTHER_PORT}/"),
      direct: await direct("127.0.0.1", 5432),
    };`,
    [{ host: "127.0.0.1", port: PORT }],
  );
  expect(result).toEqual({
    fetched: "site says hello to GET /by-fetch",
    tunnelled: "site says hello to GET /tunnelled",
    plain: "200 site says hello to GET /by-plain?q=1",
    // The request goes to the admitted host under its name, whatever Host the server wrote.
    otherVirtualHost: `200 site was asked for 127.0.0.1:${PORT}`,
    otherPort: "127.0.0.1 is in this server's egress list, but not on port 4111.",
    otherHost: "403 localhost is not in this server's egress list.",
    // fetch sees only that the proxy would not tunnel (undici does not show the 403's body).
    fetchedElsewhere: expect.stringMatching(/^failed: /),
    // The proxy is the only way out: a socket of the server's own still reaches nothing.
    direct: "ECONNREFUSED",
  });
  expect(stats).toEqual({ admitted: 4, refused: 3, open: 0 });
  // Each refusal is logged with its target and reason, never the request's path, query or headers.
  expect(warned).toHaveBeenCalledWith("sandbox egress refused", {
    sandbox: expect.stringMatching(/^mcp-sandbox-/),
    target: `localhost:${PORT}`,
    reason: "localhost is not in this server's egress list.",
  });
  expect(JSON.stringify(warned.mock.calls)).not.toMatch(/secret/);
  warned.mockRestore();
});

it("reaches a listed name over TLS through CONNECT: Node's fetch and curl honour the proxy, Node's https module does not", async () => {
  const { result, stats } = await inSandbox(
    `return {
      fetched: await fetched("https://localhost:${TLS_PORT}/by-fetch"),
      curl: run("curl", ["-sS", "--cacert", "/certs/cert.pem", "https://localhost:${TLS_PORT}/by-curl"]),
      curlElsewhere: run("curl", ["-sS", "https://example.com/"]),
      nodeHttps: await nodeHttps("https://127.0.0.1:${TLS_PORT}/by-https-module"),
    };`,
    [{ host: "localhost", port: TLS_PORT }],
    {},
    { readOnly: [{ host: certs, sandbox: "/certs" }], env: { NODE_EXTRA_CA_CERTS: "/certs/cert.pem" } },
  );
  expect(result).toEqual({
    fetched: "site says hello to GET /by-fetch",
    curl: "site says hello to GET /by-curl",
    curlElsewhere: expect.stringMatching(/^failed: curl: \(56\) CONNECT tunnel failed, response 403/),
    // Node 20's http and https modules ignore the proxy variables: such a client has no network.
    nodeHttps: "ECONNREFUSED",
  });
  expect(stats).toMatchObject({ admitted: 2, refused: 1 });
});

it("refuses a listed private address outside local mode, with the outbound policy's reason", async () => {
  const e = env();
  const saved = { localMode: e.localMode, outboundAllowPrivate: e.outboundAllowPrivate };
  Object.assign(e, { localMode: false, outboundAllowPrivate: false });
  try {
    const { result, stats } = await inSandbox(
      `return { literal: await tunnel("127.0.0.1:${PORT}"), named: await plain("http://localhost:${PORT}/"), metadata: await tunnel("169.254.169.254:80") };`,
      [{ host: "127.0.0.1", port: PORT }, { host: "localhost", port: PORT }, { host: "169.254.169.254" }],
    );
    expect(result).toEqual({
      literal: expect.stringMatching(/^127\.0\.0\.1 is a loopback address; MCP Console does not connect to private networks/),
      named: expect.stringMatching(/^403 localhost resolves to an address that is not allowed/),
      metadata: expect.stringMatching(/^169\.254\.169\.254 is a link-local address/),
    });
    expect(stats).toMatchObject({ admitted: 0, refused: 3 });
  } finally {
    Object.assign(e, saved);
  }
});

it("answers a hostile client and keeps serving: garbage, and connections dropped mid-tunnel and mid-request", async () => {
  const { result, stats } = await inSandbox(
    `const raw = (bytes, { drop = false } = {}) => new Promise((resolve) => {
       const socket = net.connect(3128, "127.0.0.1", () => { socket.write(bytes); if (drop) setTimeout(() => { socket.destroy(); resolve("dropped"); }, 100); });
       let seen = ""; socket.on("data", (c) => seen += c); socket.on("close", () => resolve(seen.split("\\r\\n")[0])); socket.on("error", () => undefined);
     });
     return {
       garbage: await raw("NOT HTTP AT ALL\\r\\n\\r\\n"),
       midTunnel: await raw("CONNECT 127.0.0.1:${PORT} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nGET /half", { drop: true }),
       midRequest: await raw("POST http://127.0.0.1:${PORT}/upload HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 1000000\\r\\n\\r\\nten bytes.", { drop: true }),
       after: await fetched("http://127.0.0.1:${PORT}/after"),
     };`,
    [{ host: "127.0.0.1", port: PORT }],
  );
  expect(result).toEqual({ garbage: "HTTP/1.1 400 Bad Request", midTunnel: "dropped", midRequest: "dropped", after: "site says hello to GET /after" });
  expect(stats).toMatchObject({ refused: 0 });
});

it("holds a server to its cap of open connections", async () => {
  const { result } = await inSandbox(
    `const held = [1, 2].map(() => new Promise((resolve) => {
       const socket = net.connect(3128, "127.0.0.1", () => socket.write("CONNECT 127.0.0.1:${PORT} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n"));
       socket.once("data", () => resolve(socket));
     }));
     const sockets = await Promise.all(held);
     const third = await tunnel("127.0.0.1:${PORT}");
     sockets.forEach((s) => s.destroy());
     return third;`,
    [{ host: "127.0.0.1", port: PORT }],
    { egressConnections: 2 },
  );
  expect(result).toBe("This server already has 2 connections open through its egress proxy, the most it may.");
});

it("has no network at all without egress: no proxy, and the host's 127.0.0.1:5432 refused", async () => {
  const { result, stats } = await inSandbox(
    `return { proxy: process.env.HTTPS_PROXY ?? null, fetched: await fetched("http://127.0.0.1:${PORT}/"), direct: await direct("127.0.0.1", 5432), bridge: await direct("127.0.0.1", 3128) };`,
  );
  expect(result).toEqual({ proxy: null, fetched: "failed: connect ECONNREFUSED 127.0.0.1:4110", direct: "ECONNREFUSED", bridge: "ECONNREFUSED" });
  expect(stats).toBeUndefined();
});
