import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as demoPOST } from "@/app/api/auth/demo/route";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { GET as listGET } from "@/app/api/servers/route";
import { DEMO_USER } from "@/lib/auth/demo";
import { env } from "@/lib/env";
import { describeEachDatabase } from "../support/databases";
import { emulatorUrl } from "../support/emulator";
import { call } from "../support/http";
import { freePort } from "../support/mcp-server";

/**
 * The local demo: the MCP server that `npm start` runs (scripts/lib/demo-mcp-server.mjs,
 * started here the same way) and the demo account that owns it.
 */

const ROOT = path.resolve(__dirname, "../..");
let port: number;
let demo: ChildProcess;

function portAnswers(host: string, p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: p });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

beforeAll(async () => {
  port = await freePort();
  // The run script's own start-up code, in a child process as `npm start` would run it.
  const script = `import("./scripts/lib/demo-mcp-server.mjs").then((m) => m.startDemoMcpServer({ port: ${port} })).then(() => console.log("ready"));`;
  demo = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, SESSION_SECRET: "a-secret-the-demo-server-must-not-see-0123456789" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    demo.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    demo.once("exit", (code) => reject(new Error(`demo server script exited with ${code}`)));
  });
  env().demoMcpPort = port;
}, 40_000);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (demo.exitCode !== null) return resolve();
    demo.once("exit", () => resolve());
    demo.kill("SIGTERM");
  });
});

describe("the demo MCP server", () => {
  it("runs with a clean environment: only PATH and PORT", async () => {
    const client = new Client({ name: "demo-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      const result = await client.callTool({ name: "get-env", arguments: {} });
      const text = (result.content as { type: string; text: string }[])[0].text;
      expect(Object.keys(JSON.parse(text)).sort()).toEqual(["PATH", "PORT"]);
    } finally {
      await client.close();
    }
  });

  it("listens on loopback only", async () => {
    expect(await portAnswers("127.0.0.1", port)).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === "IPv4" && !a.internal)
      .map((a) => a!.address);
    for (const address of external) expect(await portAnswers(address, port)).toBe(false);
  });
});

async function exchangeCustomToken(token: string): Promise<string> {
  const res = await fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(JSON.stringify(json));
  return json.idToken;
}

describeEachDatabase("POST /api/auth/demo", () => {
  it("signs in to a demo account that owns the discovered local server", async () => {
    const res = await call(demoPOST, "/api/auth/demo", { method: "POST" });
    expect(res.status).toBe(200);
    const idToken = await exchangeCustomToken(res.json.token);

    const session = await call(sessionPOST, "/api/auth/session", {
      body: { idToken, uid: DEMO_USER.uid, email: DEMO_USER.email, displayName: DEMO_USER.displayName, photoURL: null },
    });
    expect(session.status).toBe(200);
    expect(session.json.user).toMatchObject({ uid: DEMO_USER.uid, email: DEMO_USER.email, displayName: "Demo User", emailVerified: true });

    const list = await call(listGET, "/api/servers", { headers: { authorization: `Bearer ${idToken}` } });
    expect(list.json.servers).toEqual([
      expect.objectContaining({
        name: "Everything (demo)",
        url: `http://127.0.0.1:${port}/mcp`,
        status: "up",
        counts: { tools: 17, resources: 7, prompts: 4 },
      }),
    ]);
  });

  it("registers the server once, however often the demo signs in", async () => {
    const again = await call(demoPOST, "/api/auth/demo", { method: "POST" });
    const idToken = await exchangeCustomToken(again.json.token);
    const list = await call(listGET, "/api/servers", { headers: { authorization: `Bearer ${idToken}` } });
    expect(list.json.servers).toHaveLength(1);
  });

  it("refuses a request from another site", async () => {
    const res = await call(demoPOST, "/api/auth/demo", { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(403);
  });

  it("does not exist outside local mode", async () => {
    const e = env();
    e.localMode = false;
    try {
      const res = await call(demoPOST, "/api/auth/demo", { method: "POST" });
      expect(res.status).toBe(404);
    } finally {
      e.localMode = true;
    }
  });
});
