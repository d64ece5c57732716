import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { createPostgresDatabase } from "../support/postgres";
import { findNginx, startNginx, type RunningNginx } from "../support/nginx";
import { ADMIN_EMAIL, adminIdToken, signInViaApi } from "./support";

/**
 * Two instances of the production build on one PostgreSQL behind nginx
 * (round robin, no sticky sessions): sign-in, servers, the workbench with
 * the server's own requests (form and URL input, sampling) answered from
 * the page, subscriptions and their update stream, a monitoring check, an
 * export, administration, all through the load balancer; and an answer
 * that surely reaches the other instance than the call's. Both instances
 * serve requests (nginx names the one of each answer).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const NGINX = findNginx();
const skipped = !ADMIN_URL ? "it needs PostgreSQL (set TEST_DATABASE_URL)" : !NGINX ? "nginx is not installed (Debian's nginx package)" : undefined;
if (skipped) console.log(`two instances behind nginx skipped: ${skipped}`);

const ROOT = path.resolve(__dirname, "../..");
// Above the single instance's ports (E2E_PORT and the mail receiver at +8).
const BALANCER = Number(process.env.E2E_PORT ?? 3100) + 20;
const INSTANCES = [BALANCER + 1, BALANCER + 2];
const ORIGIN = `http://127.0.0.1:${BALANCER}`;

// Writes carry the origin the instances trust (APP_URL), as a browser on that address would send.
test.use({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } });

interface Instance {
  port: number;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

async function startInstance(port: number, databaseUrl: string, secrets: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mcp-console-instance-${port}-`));
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/server.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: ORIGIN,
      INSTANCE_ID: `instance-${port}`,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console-test",
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199",
      ADMIN_EMAILS: ADMIN_EMAIL,
      LOG_LEVEL: "warn",
      // Both instances would run a demo MCP server on the same port; these tests need none.
      DEMO_ACCOUNTS: "off",
      ...secrets,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (c: Buffer) => output.push(c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => output.push(c.toString("utf8")));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}: ${output.join("")}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`instance on ${port} did not start: ${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, child, dataDir, output };
}

function stopInstance(i: Instance): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      fs.rmSync(i.dataDir, { recursive: true, force: true });
      resolve();
    };
    if (i.child.exitCode !== null || i.child.signalCode !== null) return done();
    i.child.once("exit", done);
    i.child.kill("SIGTERM");
  });
}

/** The lines of a streamed workbench call, read as they come. */
async function* ndjsonLines(res: Response): AsyncGenerator<Record<string, unknown>> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
  }
}

const cookieOf = async (page: Page) => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

test.describe("two instances behind nginx", () => {
  test.skip(!!skipped, skipped);

  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let everything: RunningServer;
  let nginx: RunningNginx;
  const instances: Instance[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await createPostgresDatabase(ADMIN_URL!);
    everything = await startEverything("streamableHttp");
    // Both instances seal sessions and encrypt stored secrets with the same keys, as a deployment sets them.
    const secrets = { SESSION_SECRET: randomBytes(32).toString("base64url"), ENCRYPTION_KEY: randomBytes(32).toString("base64") };
    // One after the other: the first applies the migrations.
    for (const port of INSTANCES) instances.push(await startInstance(port, database.url, secrets));
    nginx = await startNginx(NGINX!, BALANCER, INSTANCES);
  });

  test.afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map(stopInstance));
    await everything?.stop();
    await database?.drop();
  });

  test("every feature works through the load balancer, served by both instances", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const servedBy = new Set<string>();
    page.on("response", (res) => {
      const upstream = res.headers()["x-upstream"];
      if (upstream) servedBy.add(upstream);
    });

    // Sign-in and servers.
    const account = await signInViaApi(page, "Ada Lovelace", ORIGIN);
    const created = await page.request.post("/api/servers", { data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status(), await created.text()).toBe(201);
    const server = (await created.json()) as { id: string };
    await page.goto("/servers");
    await expect(page.getByRole("link", { name: "Everything" }).first()).toBeVisible();

    // The workbench: the server's own requests, answered from the page, whichever instance holds the call.
    await page.goto(`/workbench?server=${server.id}`);
    const tools = page.getByRole("list", { name: "Tools" });
    const choose = async (name: string) => {
      await tools.getByRole("button", { name: new RegExp(`^${name}(?![\\w-])`) }).click();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    };
    for (let round = 0; round < 2; round++) {
      await choose("trigger-elicitation-request");
      await page.getByRole("button", { name: "Run tool" }).click();
      const eliciting = page.getByRole("region", { name: "Call of trigger-elicitation-request" });
      const asked = eliciting.getByRole("form", { name: "Input the server asks for" });
      await asked.getByRole("textbox", { name: "String", exact: true }).fill(`Ada ${round}`);
      await asked.getByRole("button", { name: "Send", exact: true }).click();
      await expect(eliciting.getByText(new RegExp(`- Name: Ada ${round}`))).toBeVisible({ timeout: 20_000 });

      await choose("trigger-url-elicitation");
      await page.getByRole("textbox", { name: "url" }).fill("https://auth.example.com/start");
      await page.getByRole("button", { name: "Run tool" }).click();
      const opening = page.getByRole("region", { name: "Call of trigger-url-elicitation" });
      await opening.getByRole("button", { name: "I have done it" }).click();
      await expect(opening.getByText(/User completed the URL elicitation flow/)).toBeVisible({ timeout: 20_000 });

      await choose("trigger-sampling-request");
      await page.getByRole("textbox", { name: "prompt" }).fill(`Haiku ${round}`);
      await page.getByRole("button", { name: "Run tool" }).click();
      const sampling = page.getByRole("region", { name: "Call of trigger-sampling-request" });
      await sampling.getByRole("textbox", { name: "Answer" }).fill(`Pools wait ${round}`);
      await sampling.getByRole("button", { name: "Send answer" }).click();
      await expect(sampling.getByText(new RegExp(`Pools wait ${round}`))).toBeVisible({ timeout: 20_000 });
    }

    // An answer that surely goes to the other instance than the one holding the call.
    const cookie = await cookieOf(page);
    const call = await fetch(`${ORIGIN}/api/servers/${server.id}/call`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, accept: "application/x-ndjson", "content-type": "application/json" },
      body: JSON.stringify({ method: "tools/call", params: { name: "trigger-sampling-request", arguments: { prompt: "Across", maxTokens: 20 } } }),
    });
    expect(call.status).toBe(200);
    const holder = call.headers.get("x-upstream")!;
    const other = INSTANCES.find((port) => !holder.endsWith(`:${port}`))!;
    const lines = ndjsonLines(call);
    let line = (await lines.next()).value!;
    while (line.type !== "server-request") line = (await lines.next()).value!;
    const answered = await fetch(`http://127.0.0.1:${other}/api/workbench/requests/${line.id as string}`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ action: "accept", text: "Answered on the other instance" }),
    });
    expect(answered.status, await answered.text()).toBe(200);
    while (line.type !== "result" && line.type !== "error") line = (await lines.next()).value!;
    expect(JSON.stringify(line)).toContain("Answered on the other instance");

    // Subscriptions and their update stream: subscribed on one instance, heard from whichever holds the stream.
    await page.getByRole("tab", { name: /^Resources/ }).click();
    await page.getByRole("list", { name: "Resources" }).getByRole("button", { name: /architecture\.md/ }).click();
    await page.getByRole("button", { name: "Read resource" }).click();
    await expect(page.getByRole("region", { name: "Call of demo://resource/static/document/architecture.md" })).toBeVisible();
    await page.getByRole("button", { name: "Subscribe to updates" }).click();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("tab", { name: /^Tools/ }).click();
    await choose("toggle-subscriber-updates");
    await page.getByRole("button", { name: "Run tool" }).click();
    await expect(page.getByRole("heading", { name: "Result of toggle-subscriber-updates" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("tab", { name: /^Resources/ }).click();
    const updates = page.getByRole("log", { name: "Resource updates" });
    await expect(updates.getByRole("listitem").filter({ hasText: "demo://resource/static/document/architecture.md changed" }).first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("button", { name: "Subscribe to updates" })).toHaveAttribute("aria-pressed", "false");

    // Monitoring: a check now, then in the history whichever instance answers.
    const check = await page.request.post(`/api/servers/${server.id}/check`);
    expect(check.status(), await check.text()).toBe(200);
    expect(((await check.json()) as { check: { result: string } }).check.result).toBe("up");
    for (let i = 0; i < 2; i++) {
      const history = (await (await page.request.get(`/api/servers/${server.id}/checks`)).json()) as { checks: unknown[] };
      expect(history.checks.length).toBeGreaterThan(0);
    }

    // Administration: the administrator gives the user Pro, then the activity export is theirs.
    const admin = await (await browser.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } })).newPage();
    const { uid, idToken } = await adminIdToken(admin.request);
    const session = await admin.request.post("/api/auth/session", { data: { idToken, uid, email: ADMIN_EMAIL, displayName: "Ada Admin", photoURL: null } });
    expect(((await session.json()) as { user: { role: string } }).user.role).toBe("admin");
    const upgraded = await admin.request.patch(`/api/admin/users/${account.uid}`, { data: { plan: "pro" } });
    expect(upgraded.status(), await upgraded.text()).toBe(200);
    await admin.goto("/admin");
    await expect(admin).toHaveTitle(/Users · Administration/);
    await expect(admin.getByText("Ada Lovelace").first()).toBeVisible();
    await admin.context().close();

    // Exports: the activity (now on Pro) and all of the user's data.
    const activity = await page.request.get("/api/activity/export?format=csv");
    expect(activity.status(), await activity.text()).toBe(200);
    expect(await activity.text()).toContain("server.created");
    const mine = await page.request.get("/api/user/export");
    expect(mine.status()).toBe(200);
    expect(await mine.text()).toContain("Everything");

    // Both instances served the page and its API through nginx.
    const upstreams = new Set([...servedBy, ...nginx.upstreams()]);
    console.log(`two instances behind nginx: ${nginx.upstreams().length} requests, served by ${[...upstreams].sort().join(" and ")}`);
    expect([...upstreams].sort()).toEqual(INSTANCES.map((port) => `127.0.0.1:${port}`).sort());
  });
});
