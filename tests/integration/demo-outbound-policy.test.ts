import { parseEnv } from "@/lib/env";
import { OutboundError } from "@/lib/net/errors";
import { mcpServerPolicy } from "@/lib/demo/server-origin";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import { startHttpServer, type RunningServer } from "../support/mcp-server";
import { PRODUCTION_ENV } from "../support/production-env";

/**
 * A deployment with demo accounts reaches the demo's MCP server, which it
 * runs on one loopback port, and nothing else that is not public: real
 * connections to a server on that port and to one on another loopback port.
 */

let demoServer: RunningServer;
let otherServer: RunningServer;

beforeAll(async () => {
  otherServer = await startHttpServer((_req, res) => res.end("another service on this machine"));
  demoServer = await startHttpServer((req, res) => {
    if (req.url === "/to-other") {
      res.writeHead(307, { location: `${otherServer.origin}/` });
      return res.end();
    }
    res.end("the demo server");
  });
});

afterAll(async () => {
  await demoServer?.stop();
  await otherServer?.stop();
});


const demoOn = () => mcpServerPolicy(parseEnv({ ...PRODUCTION_ENV, DEMO_ACCOUNTS: "on", DEMO_MCP_PORT: String(demoServer.port) }));

async function refused(url: string, policy = demoOn()): Promise<string> {
  try {
    await guardedFetch(url, {}, { policy, timeoutMs: 2_000 });
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).kind).toBe("refused");
    return (err as Error).message;
  }
  throw new Error(`${url} was reached`);
}

describe("a deployment's outbound policy with demo accounts on", () => {
  it("reaches the demo server on its loopback port", async () => {
    const res = await guardedFetch(`${demoServer.origin}/mcp`, {}, { policy: demoOn() });
    expect(await res.text()).toBe("the demo server");
  });

  it("refuses another loopback port, the same port by another address or name, and private networks", async () => {
    expect(await refused(`${otherServer.origin}/`)).toMatch(/127\.0\.0\.1 is a loopback address; MCP Console does not connect to private networks/);
    await refused(`http://localhost:${demoServer.port}/mcp`);
    await refused(`http://[::1]:${demoServer.port}/mcp`);
    await refused(`http://[::ffff:127.0.0.1]:${demoServer.port}/mcp`);
    await refused(`http://127.0.0.2:${demoServer.port}/mcp`);
    await refused(`https://127.0.0.1:${demoServer.port}/mcp`);
    await refused(`http://10.0.0.1:${demoServer.port}/mcp`);
    await refused("http://192.168.1.10/");
    await refused("http://169.254.169.254/latest/meta-data/");
  });

  it("does not follow the demo server's redirect to another loopback port", async () => {
    await refused(`${demoServer.origin}/to-other`);
  });

  it("is the public-only policy when demo accounts are off", async () => {
    await refused(`${demoServer.origin}/mcp`, mcpServerPolicy(parseEnv({ ...PRODUCTION_ENV, DEMO_MCP_PORT: String(demoServer.port) })));
  });
});
