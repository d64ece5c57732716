import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { PUBLIC_ONLY } from "@/lib/net/address-policy";
import { performCheck } from "@/lib/monitoring/check";
import { toolsHash } from "@/lib/mcp/tools-hash";
import { discover } from "@/lib/upstream/inventory";
import {
  startAuthProxy,
  startEverything,
  startSilentServer,
  type AuthProxy,
  type RunningServer,
} from "../support/mcp-server";
import { startRawMcpServer, type RawState } from "../support/raw-mcp-server";

/** One health check against real servers and servers that misbehave: what a user reads in the history. */

const TOKEN = "check-token-5b2e8d1f9a";
let everything: RunningServer;
let everythingSse: RunningServer;
let proxy: AuthProxy;
let raw: RunningServer;
const rawState: RawState = { methods: {}, tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }] };

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  everythingSse = await startEverything("sse");
  proxy = await startAuthProxy(everything, TOKEN);
  raw = await startRawMcpServer(rawState);
}, 30_000);

afterAll(async () => {
  await Promise.all([proxy, everything, everythingSse, raw].map((s) => s?.stop()));
});

beforeEach(() => {
  rawState.methods = {};
  rawState.pingDelayMs = 0;
});

const THRESHOLD = { thresholdMs: 5_000 };

describe.each([
  ["streamable-http", "/mcp", () => everything],
  ["sse", "/sse", () => everythingSse],
] as const)("a healthy server over %s", (transport, path, server) => {
  it("is up, with every phase timed, latency from transport start to the ping's answer, and the tools counted and hashed", async () => {
    const url = `${server().origin}${path}`;
    const outcome = await performCheck({ transport, url, headers: {} }, THRESHOLD);
    expect(outcome).toMatchObject({ result: "up", failure: null, toolCount: 17 });
    const { connectMs, initializeMs, pingMs, listMs } = outcome.phases;
    for (const phase of [connectMs, initializeMs, pingMs, listMs]) expect(phase).toEqual(expect.any(Number));
    // Rounding each phase to a whole ms can put their sum a few ms off the whole span.
    expect(Math.abs(outcome.latencyMs! - (connectMs! + initializeMs! + pingMs!))).toBeLessThanOrEqual(3);
    const found = await discover({ transport, url, headers: {} });
    expect(outcome.toolsHash).toBe(toolsHash(found.tools as unknown as Record<string, unknown>[]));
  });
});

describe("what a check asks of the server", () => {
  it("posts its requests and ends the session, and opens no event stream for the server's own messages", async () => {
    proxy.requests.length = 0;
    // A server known to speak 2025 (the verdict its first check saved): no server/discover probe.
    const outcome = await performCheck(
      { transport: "streamable-http", url: `${proxy.origin}/mcp`, headers: { Authorization: `Bearer ${TOKEN}` }, prior: { kind: "legacy" } },
      THRESHOLD,
    );
    expect(outcome.result).toBe("up");
    // initialize, notifications/initialized, ping, tools/list; then the session's end.
    expect(proxy.requests.map((r) => r.method)).toEqual(["POST", "POST", "POST", "POST", "DELETE"]);
  });
});

describe("a check that does not get through", () => {
  it("fails with the timeout when the server accepts the connection and never answers", async () => {
    const silent = await startSilentServer();
    try {
      const outcome = await performCheck({ transport: "streamable-http", url: `${silent.origin}/mcp`, headers: {} }, { ...THRESHOLD, timeoutMs: 1_000 });
      expect(outcome).toMatchObject({ result: "failed", latencyMs: null, failure: { kind: "timeout" } });
      expect(outcome.failure!.reason).toBe(`The server at ${silent.origin}/mcp did not answer within 1 s.`);
    } finally {
      await silent.stop();
    }
  });

  it("fails as refused credentials when the server answers 401", async () => {
    const outcome = await performCheck({ transport: "streamable-http", url: `${proxy.origin}/mcp`, headers: { Authorization: "Bearer wrong" } }, THRESHOLD);
    expect(outcome).toMatchObject({
      result: "failed",
      failure: { kind: "auth", reason: "The server refused the credentials (401). Check the auth headers." },
    });
    const ok = await performCheck({ transport: "streamable-http", url: `${proxy.origin}/mcp`, headers: { Authorization: `Bearer ${TOKEN}` } }, THRESHOLD);
    expect(ok.result).toBe("up");
  });

  it("fails as a protocol error when the server's answer is not JSON-RPC", async () => {
    rawState.methods = { initialize: "invalid" };
    const outcome = await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, THRESHOLD);
    expect(outcome).toMatchObject({ result: "failed", failure: { kind: "protocol" } });
    expect(outcome.failure!.reason).toMatch(/^The server's answer/);
  });

  it("fails as a cut connection when the server closes it in the middle of its answer", async () => {
    rawState.methods = { ping: "cut" };
    const outcome = await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, THRESHOLD);
    expect(outcome).toMatchObject({
      result: "failed",
      failure: { kind: "closed", reason: `The server at ${raw.origin}/mcp closed the connection in the middle of its answer.` },
    });
    expect(outcome.phases.initializeMs).toEqual(expect.any(Number));
    expect(outcome.phases.pingMs).toBeNull();
  });

  it("fails as a TLS error when the server's certificate is not trusted", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-tls-"));
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"], { stdio: "ignore" });
    const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (_, res) => res.end("{}"));
    const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
    try {
      const url = `https://127.0.0.1:${port}/mcp`;
      const outcome = await performCheck({ transport: "streamable-http", url, headers: {} }, THRESHOLD);
      expect(outcome).toMatchObject({
        result: "failed",
        failure: { kind: "tls", reason: `The secure connection to ${url} failed: its certificate is self-signed.` },
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails when nothing listens", async () => {
    const gone = await startSilentServer();
    await gone.stop();
    const outcome = await performCheck({ transport: "streamable-http", url: `${gone.origin}/mcp`, headers: {} }, THRESHOLD);
    expect(outcome).toMatchObject({
      result: "failed",
      failure: { kind: "unreachable", reason: `Could not connect to 127.0.0.1:${gone.port}: the connection was refused.` },
    });
  });

  it("fails without connecting when the address policy refuses the server's address", async () => {
    const outcome = await performCheck(
      { transport: "streamable-http", url: `${everything.origin}/mcp`, headers: {} },
      { ...THRESHOLD, limits: { policy: PUBLIC_ONLY } },
    );
    expect(outcome).toMatchObject({ result: "failed", failure: { kind: "refused" }, phases: { connectMs: expect.any(Number), initializeMs: null } });
    expect(outcome.failure!.reason).toMatch(/^Address refused by policy: 127\.0\.0\.1 is a loopback address/);
  });
});

describe("a degraded server", () => {
  it("is degraded when the handshake to ping is slower than the threshold", async () => {
    rawState.pingDelayMs = 300;
    const outcome = await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, { thresholdMs: 200 });
    expect(outcome).toMatchObject({ result: "degraded", toolCount: 1, failure: { kind: "slow" } });
    expect(outcome.latencyMs).toBeGreaterThan(200);
    expect(outcome.failure!.reason).toBe(`Slow: the server answered in ${outcome.latencyMs} ms, over the 200 ms threshold.`);
    expect((await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, { thresholdMs: 60_000 })).result).toBe("up");
  });

  it("is degraded when ping works but tools/list fails, and says why", async () => {
    rawState.methods = { "tools/list": "invalid" };
    const outcome = await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, THRESHOLD);
    expect(outcome).toMatchObject({ result: "degraded", toolCount: null, toolsHash: null, failure: { kind: "protocol" } });
    expect(outcome.latencyMs).toEqual(expect.any(Number));
    expect(outcome.failure!.reason).toMatch(/^The server answers ping, but listing its tools failed: The server's answer/);
  });

  it("is degraded when tools/list never answers, within the check's bound", async () => {
    rawState.methods = { "tools/list": "hang" };
    const outcome = await performCheck({ transport: "streamable-http", url: `${raw.origin}/mcp`, headers: {} }, { ...THRESHOLD, timeoutMs: 1_500 });
    expect(outcome).toMatchObject({ result: "degraded", failure: { kind: "timeout" } });
    expect(outcome.failure!.reason).toBe("The server answers ping, but listing its tools failed: The server did not complete the check within 1.5 s.");
  });
});
