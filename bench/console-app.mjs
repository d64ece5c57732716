// Runs the console the way production does (scripts/server.mjs over the build) on a
// free port, with a fresh data folder, and signs a user in through the
// session API: what the workbench benchmark calls over HTTP.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startChild, waitFor } from "../scripts/lib/processes.mjs";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by the returned function. */
export async function freshPostgres(adminUrl) {
  const { default: pg } = await import("pg");
  const name = `mcp_console_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** `next start` of the build in `root` on 127.0.0.1:`port`, as production runs it, with the console's settings `env`. */
export function startNext(root, port, env) {
  // The production server of scripts/server.mjs: `next start` plus the connection's address.
  return startChild(process.execPath, [path.join(root, "scripts/server.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", APP_URL: `http://127.0.0.1:${port}`, ...env },
  });
}

export async function startConsole({ root, emulatorHost, projectId, adminEmail, databaseUrl }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-bench-"));
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

/**
 * A verified account listed in ADMIN_EMAILS signs in through the session
 * API; it gives itself the pro plan, whose daily quota covers the run.
 * Returns the headers of a browser holding that session.
 */
export async function signInAsPro({ url, emulatorHost, projectId, email }) {
  const password = "bench-password-123";
  const created = await emulatorPost(emulatorHost, "accounts:signUp", { email, password, returnSecureToken: true });
  await emulatorPost(emulatorHost, `projects/${projectId}/accounts:update`, { localId: created.localId, emailVerified: true }, { authorization: "Bearer owner" });
  const signedIn = await emulatorPost(emulatorHost, "accounts:signInWithPassword", { email, password, returnSecureToken: true });

  const res = await fetch(`${url}/api/auth/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ idToken: signedIn.idToken, uid: created.localId, email, displayName: "Bench", photoURL: null }),
  });
  if (!res.ok) throw new Error(`session: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const headers = { cookie, origin: url, "content-type": "application/json" };

  const plan = await fetch(`${url}/api/admin/users/${encodeURIComponent(created.localId)}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ plan: "pro" }),
  });
  if (!plan.ok) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
  return headers;
}
