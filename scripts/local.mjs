// `npm start`: runs MCP Console on its embedded defaults. Builds the app when
// the sources are newer than the last build, starts the Firebase Auth
// Emulator in local mode, starts the built app (scripts/server.mjs) on PORT (default 3000) and prints
// the URL once the service answers. `--dev` runs Next.js's dev server instead. In local
// mode scripts/server.mjs also runs the demo accounts' MCP server (server-everything) on
// loopback, port DEMO_MCP_PORT (default 3001).
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_DEMO_MCP_PORT, DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, demoAccountsOn, isLocalMode } from "../lib/env-rules.mjs";
import { startAuthEmulator } from "./lib/emulator.mjs";
import { waitFor } from "./lib/ports.mjs";
import { npxBin, run, startChild } from "./lib/processes.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const projectId = process.env.FIREBASE_PROJECT_ID || DEFAULT_PROJECT_ID;
const localMode = isLocalMode(projectId);
const started = Date.now();

function newestSourceMtime() {
  const roots = ["app", "components", "lib", "content", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs"];
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const r of roots) visit(path.join(root, r));
  return newest;
}

function buildIsCurrent() {
  try {
    return fs.statSync(path.join(root, ".next/BUILD_ID")).mtimeMs >= newestSourceMtime();
  } catch {
    return false;
  }
}

const env = { ...process.env, PORT: String(port) };

// The emulator starts while the app builds and boots: its address is known
// in advance, and nothing needs it until a visitor signs in.
const background = [];
if (localMode && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.log("Starting the Firebase Auth Emulator (local identity provider)…");
  env.FIREBASE_AUTH_EMULATOR_HOST = DEFAULT_EMULATOR_HOST;
  background.push(startAuthEmulator({ projectId, port: Number(DEFAULT_EMULATOR_HOST.split(":")[1]), hubPort: 4400, loggingPort: 4500, quiet: true }));
}

const demo = demoAccountsOn(env);
if (demo) env.DEMO_MCP_PORT = process.env.DEMO_MCP_PORT || String(port === DEFAULT_DEMO_MCP_PORT ? DEFAULT_DEMO_MCP_PORT + 1 : DEFAULT_DEMO_MCP_PORT);
// A failed start is reported at once, not after the build.
const ready = Promise.all(background);
ready.catch((err) => {
  console.error(`\nMCP Console cannot start: ${err.message}\n`);
  process.exit(1);
});

if (!dev && !buildIsCurrent()) {
  console.log("Building the app (next build)…");
  const code = await run(npxBin("next"), ["build"], { cwd: root, env });
  if (code !== 0) process.exit(code);
}

// The app runs behind scripts/server.mjs, which tells it the connection's address and serves
// what Next.js cannot (the gateways' authorization server); `--dev` has it run Next.js's dev server.
const next = startChild(process.execPath, [path.join(root, "scripts/server.mjs"), "-p", String(port), ...(dev ? ["--dev"] : [])], {
  cwd: root,
  env: dev ? { ...env, NODE_ENV: "development" } : env,
});
next.on("exit", (code) => process.exit(code ?? 1));

const url = `http://localhost:${port}`;
await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 180_000, `${url}/api/health`);
await ready;
console.log(`\nMCP Console is running at ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
if (demo) {
  console.log(`Demo: choose "Try it without signing up" on ${url}; the demo account owns the MCP server at http://127.0.0.1:${env.DEMO_MCP_PORT}/mcp.\n`);
}
