import type { IncomingHttpHeaders } from "node:http";
import { gzipSync } from "node:zlib";
import type { LookupAddress } from "node:dns";
import { PUBLIC_ONLY } from "@/lib/net/address-policy";
import { OutboundError } from "@/lib/net/errors";
import { checkUrlAddress, guardedFetch } from "@/lib/net/guarded-fetch";
import { startHttpServer, startSilentServer, type RunningServer } from "../support/mcp-server";

const LOOPBACK = { allowLoopback: true, allowPrivate: false };

let target: RunningServer;
let other: RunningServer;
const seenByOther: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  other = await startHttpServer((req, res) => {
    seenByOther.push(req.headers);
    res.end("other");
  });
  target = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/hello") return res.end(`hello ${req.headers.authorization ?? "nobody"}`);
    if (url.pathname === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (url.pathname === "/to-other") {
      res.writeHead(307, { location: `${other.origin}/landing` });
      return res.end();
    }
    if (url.pathname === "/to-hello") {
      res.writeHead(307, { location: "/hello" });
      return res.end();
    }
    if (url.pathname === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    if (url.pathname === "/big-declared") {
      res.writeHead(200, { "content-length": String(2 * 1024 * 1024) });
      return res.end(Buffer.alloc(2 * 1024 * 1024, 97));
    }
    if (url.pathname === "/big-gzipped") {
      // 2 MiB of one byte compress to a few KiB: the declared length is the compressed one.
      const packed = gzipSync(Buffer.alloc(2 * 1024 * 1024, 99));
      res.writeHead(200, { "content-encoding": "gzip", "content-length": String(packed.length) });
      return res.end(packed);
    }
    if (url.pathname === "/small-declared") {
      res.writeHead(200, { "content-length": "5" });
      return res.end("small");
    }
    if (url.pathname === "/big-streamed") {
      res.writeHead(200, { "content-type": "text/plain" });
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 98);
      const push = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", push);
        }
        res.end();
      };
      return push();
    }
    res.statusCode = 404;
    res.end();
  });
});

afterAll(async () => {
  await target.stop();
  await other.stop();
});

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  }
  throw new Error("the request succeeded");
}

describe("guarded fetch: the address actually connected to", () => {
  it("reaches a loopback server when the policy allows it", async () => {
    const res = await guardedFetch(`${target.origin}/hello`, { headers: { authorization: "Bearer t" } }, { policy: LOOPBACK });
    expect(await res.text()).toBe("hello Bearer t");
  });

  it("refuses at connect time a name that the system resolver maps to loopback", async () => {
    const err = await failure(guardedFetch(`http://localhost:${target.port}/hello`, {}, { policy: PUBLIC_ONLY }));
    expect(err.kind).toBe("refused");
    expect(err.message).toMatch(/^localhost resolves to an address that is not allowed; MCP Console does not connect to private networks\./);
    expect(err.message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it("refuses an IP literal before connecting", async () => {
    const err = await failure(guardedFetch(`http://2130706433:${target.port}/hello`, {}, { policy: PUBLIC_ONLY }));
    expect(err.message).toMatch(/^127\.0\.0\.1 is a loopback address/);
  });

  it("defeats DNS rebinding: the check at connect time sees the second answer", async () => {
    let calls = 0;
    const rebinding = async (): Promise<LookupAddress[]> => {
      calls += 1;
      return [{ address: calls === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const url = new URL(`http://rebind.example:${target.port}/hello`);
    await expect(checkUrlAddress(url, { policy: PUBLIC_ONLY, resolver: rebinding })).resolves.toBeUndefined();
    const err = await failure(guardedFetch(url, {}, { policy: PUBLIC_ONLY, resolver: rebinding }));
    expect(err.message).toMatch(/^rebind\.example resolves to an address that is not allowed/);
    expect(calls).toBe(2);
  });
});

describe("guarded fetch: redirects", () => {
  it("checks every hop again", async () => {
    const err = await failure(guardedFetch(`${target.origin}/to-metadata`, {}, { policy: LOOPBACK }));
    expect(err.kind).toBe("refused");
    expect(err.message).toMatch(/^169\.254\.169\.254 is a link-local address/);
  });

  it("keeps credentials within the origin and drops them across origins", async () => {
    const same = await guardedFetch(`${target.origin}/to-hello`, { headers: { authorization: "Bearer t" } }, { policy: LOOPBACK });
    expect(await same.text()).toBe("hello Bearer t");

    seenByOther.length = 0;
    const cross = await guardedFetch(
      `${target.origin}/to-other`,
      { headers: { authorization: "Bearer t", "x-api-key": "k", accept: "text/plain" } },
      { policy: LOOPBACK },
    );
    expect(await cross.text()).toBe("other");
    expect(seenByOther[0].authorization).toBeUndefined();
    expect(seenByOther[0]["x-api-key"]).toBeUndefined();
    expect(seenByOther[0].accept).toBe("text/plain");
  });

  it("stops after the redirect cap", async () => {
    const err = await failure(guardedFetch(`${target.origin}/loop`, {}, { policy: LOOPBACK, maxRedirects: 3 }));
    expect(err).toMatchObject({ kind: "redirect", message: `127.0.0.1:${target.port} redirected more than 3 times.` });
  });

  it("returns the redirect itself in manual mode", async () => {
    const res = await guardedFetch(`${target.origin}/to-metadata`, { redirect: "manual" }, { policy: LOOPBACK });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://169.254.169.254/latest/meta-data/");
  });
});

describe("guarded fetch: limits", () => {
  it("refuses a body declared larger than the limit", async () => {
    const err = await failure(guardedFetch(`${target.origin}/big-declared`, {}, { policy: LOOPBACK, maxResponseBytes: 1024 * 1024 }));
    expect(err).toMatchObject({ kind: "too_large", message: `The answer from 127.0.0.1:${target.port} is larger than 1024 KiB.` });
  });

  it("counts a streamed body and stops it at the limit", async () => {
    const res = await guardedFetch(`${target.origin}/big-streamed`, {}, { policy: LOOPBACK, maxResponseBytes: 1024 * 1024 });
    expect(res.status).toBe(200);
    const err = await failure(res.arrayBuffer());
    expect(err.kind).toBe("too_large");
  });

  it("counts a compressed body as it inflates, whatever length it declared", async () => {
    const res = await guardedFetch(`${target.origin}/big-gzipped`, {}, { policy: LOOPBACK, maxResponseBytes: 1024 * 1024 });
    const err = await failure(res.arrayBuffer());
    expect(err.kind).toBe("too_large");
  });

  it("hands over a body within its declared length as it is", async () => {
    const res = await guardedFetch(`${target.origin}/small-declared`, {}, { policy: LOOPBACK, maxResponseBytes: 1024 });
    expect(await res.text()).toBe("small");
  });

  it("answers every kind of body in the platform's Response, as the SDK's OAuth code tells one", async () => {
    for (const path of ["/small-declared", "/big-streamed", "/big-gzipped", "/to-hello"]) {
      const res = await guardedFetch(`${target.origin}${path}`, { redirect: "manual" }, { policy: LOOPBACK, maxResponseBytes: 4 * 1024 * 1024 });
      expect(res).toBeInstanceOf(Response);
      await res.body?.cancel();
    }
  });

  it("gives up on a server that accepts the connection and never answers", async () => {
    const silent = await startSilentServer();
    try {
      const err = await failure(guardedFetch(`${silent.origin}/`, {}, { policy: LOOPBACK, timeoutMs: 300 }));
      expect(err).toMatchObject({ kind: "timeout", message: "No answer within 0.3 s." });
    } finally {
      await silent.stop();
    }
  });

  it("says when nothing listens", async () => {
    const closed = await startSilentServer();
    await closed.stop();
    const err = await failure(guardedFetch(`${closed.origin}/`, {}, { policy: LOOPBACK }));
    expect(err).toMatchObject({ kind: "unreachable", message: `Could not connect to 127.0.0.1:${closed.port}: the connection was refused.` });
  });
});
