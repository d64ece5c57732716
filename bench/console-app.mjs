// Runs the console the way production does (scripts/server.mjs over the build) on a
// free port, with a fresh data folder, and signs users in through the
// session API: what the benchmarks call over HTTP.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startDemoMcpServer } from "../scripts/lib/demo-mcp-server.mjs";
import { startAuthEmulator } from "../scripts/lib/emulator.mjs";
import { createPostgresDatabase } from "../scripts/lib/postgres-database.mjs";
import { waitFor } from "../scripts/lib/ports.mjs";
import { npxBin, run, startChild, stopAll } from "../scripts/lib/processes.mjs";

/** The identity project of every benchmark's console and Auth emulator. */
export const projectId = "demo-mcp-console-bench";

/** Builds the app in `root` (next build) unless it has a production build already; exits when the build fails. */
export async function ensureBuild(root) {
  if (fs.existsSync(path.join(root, ".next/BUILD_ID"))) return;
  console.log("No production build yet: building (next build)…");
  const code = await run(npxBin("next"), ["build"], { cwd: root });
  if (code !== 0) process.exit(code);
}

/** Listens on `port` (0: any) of loopback and closes: the port it got, or null when `port` is taken. */
function probePort(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err) => (err.code === "EADDRINUSE" && port !== 0 ? resolve(null) : reject(err)));
    probe.listen(port, "127.0.0.1", () => {
      const { port: got } = probe.address();
      probe.close(() => resolve(got));
    });
  });
}

/** BENCH_PORTS ("4000-4049"): the only ports a benchmark may take, on a machine whose other ports belong to other runs. */
const PORT_RANGE = process.env.BENCH_PORTS?.split("-").map(Number);
let nextPort = PORT_RANGE?.[0];

/** A free port of loopback: the next free one of BENCH_PORTS when it is set, else one the kernel picks. */
export async function freePort() {
  if (!PORT_RANGE) return probePort(0);
  while (nextPort <= PORT_RANGE[1]) {
    const port = await probePort(nextPort++);
    if (port !== null) return port;
  }
  throw new Error(`BENCH_PORTS=${process.env.BENCH_PORTS}: no free port left`);
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by the returned function. */
export const freshPostgres = (adminUrl) => createPostgresDatabase(adminUrl, "mcp_console_bench");

/**
 * What a console benchmark runs beside the console: the Auth emulator, a
 * server-everything, and a fresh database on the PostgreSQL server named by
 * BENCH_DATABASE_URL when there is one (else the console uses its embedded
 * PGlite). `stop()` ends them all and drops that database.
 */
export async function startBenchServices() {
  const [emulatorPort, hubPort, loggingPort, mcpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const emulator = await startAuthEmulator({ projectId, port: emulatorPort, hubPort, loggingPort, quiet: true });
  const everything = await startDemoMcpServer({ port: mcpPort });
  if (!everything) throw new Error(`port ${mcpPort} was taken before server-everything could use it`);
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  return {
    emulator,
    everything,
    postgres,
    stop: async () => {
      everything.stop();
      emulator.stop();
      stopAll();
      await postgres?.drop();
    },
  };
}

/** `next start` of the build in `root` on 127.0.0.1:`port`, as production runs it, with the console's settings `env`. */
export function startNext(root, port, env) {
  // The production server of scripts/server.mjs: `next start`, plus the connection's address and the workbench call served ahead of the router.
  // BENCH_CONSOLE_LOG names a file for the console's log (JSON lines): what went wrong when a call under load failed.
  const log = process.env.BENCH_CONSOLE_LOG ? fs.openSync(process.env.BENCH_CONSOLE_LOG, "a") : "ignore";
  // BENCH_CONSOLE_INSPECT opens the console's inspector on that loopback port: a CPU profile of a load (scripts/profile-guard.mjs).
  const inspect = process.env.BENCH_CONSOLE_INSPECT ? [`--inspect=127.0.0.1:${process.env.BENCH_CONSOLE_INSPECT}`] : [];
  return startChild(process.execPath, [...inspect, path.join(root, "scripts/server.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { ...process.env, NODE_ENV: "production", APP_URL: `http://127.0.0.1:${port}`, ...env },
  });
}

/**
 * The console on a free port. `dataDir` is the folder of its embedded database, made fresh
 * when not given (pass one seeded beforehand: PGlite allows one process); removed on stop.
 */
export async function startConsole({ root, emulatorHost, projectId, adminEmail, databaseUrl, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-bench-")) }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNext(root, port, {
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ADMIN_EMAILS: adminEmail,
    LOG_LEVEL: "info",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error("the console exited during start-up");
    return (await fetch(`${url}/api/health`)).ok;
  }, 120_000, `${url}/api/health`);
  return {
    url,
    /** The service's process: scripts/server.mjs runs Next.js (and PGlite) in it. */
    pid: child.pid,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function emulatorPost(emulatorHost, pathname, body, headers = {}) {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${pathname}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`emulator ${pathname}: ${JSON.stringify(json)}`);
  return json;
}

/** A verified email and password account on the Auth emulator; its uid is known before it first signs in. */
export async function createAccount({ emulatorHost, projectId, email }) {
  const password = "bench-password-123";
  const created = await emulatorPost(emulatorHost, "accounts:signUp", { email, password, returnSecureToken: true });
  await emulatorPost(emulatorHost, `projects/${projectId}/accounts:update`, { localId: created.localId, emailVerified: true }, { authorization: "Bearer owner" });
  return { uid: created.localId, email, password };
}

/** Signs `account` in through the session API; returns the headers of a browser holding that session. */
export async function openSession({ url, emulatorHost, account }) {
  const { uid, email, password } = account;
  const signedIn = await emulatorPost(emulatorHost, "accounts:signInWithPassword", { email, password, returnSecureToken: true });
  const res = await fetch(`${url}/api/auth/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ idToken: signedIn.idToken, uid, email, displayName: "Bench", photoURL: null }),
  });
  if (!res.ok) throw new Error(`session: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { cookie, origin: url, "content-type": "application/json" };
}

/** An administrator (`headers` of a session of an ADMIN_EMAILS account) gives user `uid` the plan `plan`. */
export async function grantPlan({ url, headers, uid, plan }) {
  const res = await fetch(`${url}/api/admin/users/${encodeURIComponent(uid)}`, { method: "PATCH", headers, body: JSON.stringify({ plan }) });
  if (!res.ok) throw new Error(`plan: ${res.status} ${await res.text()}`);
}

/**
 * A verified account listed in ADMIN_EMAILS signs in through the session
 * API; it gives itself `plan` (pro by default), whose quotas cover the run.
 * Returns the headers of a browser holding that session. `account`: one
 * made beforehand with createAccount.
 */
export async function signInWithPlan({ url, emulatorHost, projectId, email, account, plan = "pro" }) {
  account ??= await createAccount({ emulatorHost, projectId, email });
  const headers = await openSession({ url, emulatorHost, account });
  await grantPlan({ url, headers, uid: account.uid, plan });
  return headers;
}

/**
 * The console built and started in `root` on the bench's services, with a
 * user on `plan` (pro by default) who owns one server-everything: what the
 * API and page benchmarks measure. `stop()` ends the console and the services.
 */
export async function startConsoleWithServer(root, { plan } = {}) {
  await ensureBuild(root);
  const services = await startBenchServices();
  const { emulator, everything, postgres } = services;
  const email = "bench@example.com";
  const app = await startConsole({ root, emulatorHost: emulator.host, projectId, adminEmail: email, databaseUrl: postgres?.url });
  const stop = async () => {
    app.stop();
    await services.stop();
  };
  try {
    const headers = await signInWithPlan({ url: app.url, emulatorHost: emulator.host, projectId, email, plan });
    const name = "Everything (bench)";
    const created = await fetch(`${app.url}/api/servers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name, transport: "streamable-http", url: everything.url }),
    });
    if (created.status !== 201) throw new Error(`create server: ${created.status} ${await created.text()}`);
    const { id } = await created.json();
    return { app, everything, postgres, headers, server: { id, name }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
