// The demo accounts' MCP server: @modelcontextprotocol/server-everything over
// Streamable HTTP, bound to loopback, with a clean environment (its get-env
// tool returns its whole environment: it must not see the console's secrets)
// and no way to fetch URLs for its callers.
// scripts/server.mjs runs one next to each instance of the console.
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { portOpen, waitFor } from "./ports.mjs";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
const entry = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const loopbackOnly = pathToFileURL(path.join(root, "scripts/lib/loopback-only.mjs")).href;

/**
 * The demo server's PATH, which its get-env tool shows to every visitor: the
 * system's folders, the same on every machine, so it tells nothing of this
 * one. The server runs no program (it is started by Node's full path,
 * process.execPath, and spawns nothing), so it needs no more. Not the
 * operator's PATH (their tool folders, the install folder's
 * node_modules/.bin), nor Node's own folder, which would name where Node is
 * installed (a version manager's folder in a home directory).
 */
const DEMO_PATH = "/usr/bin:/bin";

/** lib/env.ts's rule (demoAccounts), for the scripts, which cannot import it: DEMO_ACCOUNTS, else on in local mode. */
export function demoAccountsOn(env) {
  if (env.DEMO_ACCOUNTS) return env.DEMO_ACCOUNTS === "on";
  return (env.FIREBASE_PROJECT_ID || "demo-mcp-console").startsWith("demo-");
}

/**
 * Starts the server on 127.0.0.1:`port`; it stops when this process exits. A
 * port already in use is only reported in local mode, whose policy reaches
 * any loopback port anyway; a deployment admits this port for the demo
 * (lib/net/guarded-fetch.ts), so there something else listening on it is an
 * error (`strict`).
 */
export async function startDemoMcpServer({ port, strict = false }) {
  if (await portOpen(port)) {
    const taken = `Port ${port} is already in use: the demo MCP server was not started (set DEMO_MCP_PORT to move it)`;
    if (strict) throw new Error(`${taken}. Demo accounts reach whatever listens on that port, so it must be the demo server's own.`);
    console.log(`${taken}.`);
    return null;
  }
  const child = spawn(process.execPath, ["--import", loopbackOnly, entry, "streamableHttp"], {
    // Its gzip-file-as-resource tool fetches any URL it is given, which would make it a way around the
    // console's outbound policy; its allow-list then admits only names under .invalid, which never resolve.
    env: { PATH: DEMO_PATH, PORT: String(port), GZIP_ALLOWED_DOMAINS: "invalid" },
    stdio: "ignore",
  });
  const stop = () => child.kill("SIGTERM");
  process.on("exit", stop);
  let exited = false;
  child.on("exit", () => {
    exited = true;
    process.off("exit", stop);
  });
  await waitFor(async () => {
    if (exited) throw new Error("The demo MCP server exited during start-up");
    return portOpen(port);
  }, 30_000, "the demo MCP server");
  return { url: `http://127.0.0.1:${port}/mcp`, stop };
}
