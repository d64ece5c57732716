import { defineConfig, devices } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import chromium from "./scripts/lib/chromium.json";
import { adminEmailOf, WORKERS } from "./tests/e2e/workers";

/**
 * End-to-end tests against the production build (scripts/server.mjs) in Debian's
 * Chromium, with the Firebase Auth Emulator that `npm test` starts
 * (FIREBASE_AUTH_EMULATOR_HOST). Each run gets a fresh data folder.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// For the helpers in tests/e2e/support.ts that talk to the service outside a page.
process.env.E2E_BASE_URL = baseURL;
// The config is evaluated by the runner and again by each worker: the folder
// is made once and handed down through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// The run's one mail receiver (tests/e2e/mailbox.ts, started by the global set-up) listens on this port
// and keeps the mails in this folder, where every worker reads them.
process.env.E2E_SMTP_PORT ??= String(PORT + 8);
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-e2e-mail-"));
// The demo accounts' MCP server, which scripts/server.mjs runs (tests/e2e/demo.spec.ts).
process.env.E2E_DEMO_MCP_PORT ??= String(PORT + 7);
// The npm registry of the run (tests/e2e/global-setup.ts), where the server installs packages and asks their versions.
process.env.E2E_NPM_REGISTRY_PORT ??= String(PORT + 9);

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Spec files are shared out among the workers; a file's tests run in order in one worker, after
  // its beforeAll. What keeps two workers apart is in docs/development.md.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // Browsers send Origin with every write; the API requests of the tests
    // (page.request) must too, or a cookie-authenticated write is refused.
    extraHTTPHeaders: { origin: baseURL },
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.path,
      args: chromium.args,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `node scripts/server.mjs -p ${PORT}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console-test",
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199",
      LOG_LEVEL: "warn",
      // One administrator per worker (tests/e2e/workers.ts).
      ADMIN_EMAILS: Array.from({ length: WORKERS }, (_, i) => adminEmailOf(i)).join(","),
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      DEMO_MCP_PORT: process.env.E2E_DEMO_MCP_PORT,
      npm_config_registry: `http://127.0.0.1:${process.env.E2E_NPM_REGISTRY_PORT}/`,
    },
  },
});
