import { expect, test, type Page } from "@playwright/test";
import { startEverything, type RunningServer } from "../support/mcp-server";

/**
 * The local demo as a visitor meets it: "Try the demo account" signs them in
 * to an account of their own, whose server already has two weeks of
 * history; the next visitor gets another account and sees none of it.
 */

/** server-everything on the demo's port, as `npm start` runs it. */
let demo: RunningServer | undefined;
test.beforeAll(async () => {
  demo = await startEverything("streamableHttp", Number(process.env.E2E_DEMO_MCP_PORT));
});
test.afterAll(async () => {
  await demo?.stop();
});

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

  // The first visitor renames their server; the next visitor's account knows nothing of it.
  const renamed = await first.request.patch(`/api/servers/${serverUrl.split("/").pop()}`, { data: { name: "Renamed by the first visitor" } });
  expect(renamed.status()).toBe(200);

  const second = await (await browser.newContext()).newPage();
  await tryTheDemo(second);
  await second.goto("/servers");
  await expect(second.getByRole("link", { name: "Everything (demo)" }).first()).toBeVisible();
  await expect(second.getByText("Renamed by the first visitor")).toHaveCount(0);
  expect((await second.request.get(serverUrl.replace(/^https?:\/\/[^/]+/, "/api"))).status()).toBe(404);
});
