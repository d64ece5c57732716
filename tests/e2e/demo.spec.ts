import { expect, test, type Page } from "@playwright/test";

/**
 * The demo as a visitor meets it: "Try it without signing up" (or "Try the
 * demo account" on the login page) signs them in to an account of their
 * own, whose server already has two weeks of history; the next visitor gets
 * another account and sees none of it. The demo's MCP server is the one
 * scripts/server.mjs runs, on DEMO_MCP_PORT.
 */

async function tryTheDemo(page: Page) {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Try the demo account" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
}

test("a demo visit lands in an account of its own with the server's history; the next visitor sees none of it", async ({ browser }) => {
  test.setTimeout(120_000);
  const first = await browser.newPage();
  await tryTheDemo(first);
  await first.goto("/servers");
  await first.getByRole("link", { name: "Everything (demo)" }).first().click();
  await expect(first).toHaveURL(/\/servers\/[0-9a-f-]{36}/);
  const serverUrl = first.url().split("?")[0];

  // Two weeks of checks with their outages, and a scan that caught a changed tool.
  await first.goto(`${serverUrl}?tab=monitoring`);
  await expect(first.getByText("The server answered HTTP 502 Bad Gateway.").first()).toBeVisible();
  await first.goto(`${serverUrl}?tab=security`);
  await expect(first.getByText("Changed since the pinned baseline").first()).toBeVisible();

  // The first visitor tags their server (its name is on the demo's public status page: not theirs to change); the next visitor's account knows nothing of it.
  const serverApi = `/api/servers/${serverUrl.split("/").pop()}`;
  expect((await first.request.patch(serverApi, { data: { name: "Renamed by the first visitor" } })).status()).toBe(403);
  const tagged = await first.request.patch(serverApi, { data: { tags: ["first-visitor"] } });
  expect(tagged.status()).toBe(200);

  const second = await (await browser.newContext()).newPage();
  await tryTheDemo(second);
  await second.goto("/servers");
  await expect(second.getByRole("link", { name: "Everything (demo)" }).first()).toBeVisible();
  await expect(second.getByText("first-visitor")).toHaveCount(0);
  expect((await second.request.get(serverUrl.replace(/^https?:\/\/[^/]+/, "/api"))).status()).toBe(404);
});

test("an anonymous visitor of /get-started tries it without signing up and lands on the demo server with its history", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/get-started");
  await page.getByRole("button", { name: "Try it without signing up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "two weeks of checks" })).toBeVisible();
  await page.waitForURL(/\/servers\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Everything (demo)" })).toBeVisible();
  await page.goto(`${page.url()}?tab=monitoring`);
  await expect(page.getByText("The server answered HTTP 502 Bad Gateway.").first()).toBeVisible();
});

test("the product tour ends with the demo offer", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/?demo=open");
  const tour = page.getByRole("dialog", { name: "A tour of MCP Console" });
  for (let step = 1; step < 5; step++) await tour.getByRole("button", { name: "Next" }).click();
  await expect(tour.getByRole("link", { name: "Create a free account" })).toBeVisible();
  await tour.getByRole("button", { name: "Try it without signing up" }).click();
  await page.waitForURL(/\/servers\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Everything (demo)" })).toBeVisible();
});

test("a demo visitor is told, where they try, why a server of their own, a webhook and an API token need an account, and can make one from there", async ({ page }) => {
  test.setTimeout(120_000);
  await tryTheDemo(page);

  await page.goto("/servers/new");
  await page.getByRole("textbox", { name: "Name" }).fill("Mine");
  await page.getByRole("textbox", { name: "URL" }).fill("https://mcp.example.com/mcp");
  await page.getByRole("button", { name: "Save server" }).click();
  const server = page.getByRole("alert").filter({ hasText: "they connect to the demo's MCP server only" });
  await expect(server).toBeInViewport();
  await expect(server.getByRole("button", { name: "Create a free account" })).toBeVisible();
  await expect(page).toHaveURL(/\/servers\/new$/);

  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  await notifications.getByLabel("Webhook URL").fill("https://hooks.example/mcp-console");
  await notifications.getByRole("button", { name: "Save webhook" }).click();
  await expect(notifications.getByRole("alert").filter({ hasText: "they send no email or webhook alerts" })).toBeVisible();

  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByLabel("Token name").fill("CI deploy");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const token = tokens.getByRole("alert").filter({ hasText: "their only tokens are Gateways tokens" });
  await expect(token).toBeVisible();
  await expect(tokens.getByRole("list", { name: "Your API tokens" })).toHaveCount(0);

  // Signing up leaves the demo for the sign-up page.
  await token.getByRole("button", { name: "Create a free account" }).click();
  await page.waitForURL(/\/auth\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
});
