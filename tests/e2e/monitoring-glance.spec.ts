import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, setPlanAsAdmin, signInViaApi } from "./support";

/**
 * Monitoring read at a glance: a server added through the form is monitored
 * at the plan's shortest interval without anyone asking, and is down with the
 * reason at once when it does not answer; the server list shows each
 * server's latest checks as a heartbeat bar that the mouse, the keyboard and
 * a screen reader all read.
 */

let everything: RunningServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp", await freePort());
});

test.afterAll(async () => {
  await everything?.stop();
});

async function signIn(page: Page, name: string) {
  await answerCookieBanner(page);
  return signInViaApi(page, name);
}

async function addThroughForm(page: Page, name: string, url: string) {
  await page.goto("/servers/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "URL" }).fill(url);
  await page.getByRole("button", { name: "Save server" }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}

test("a new server is monitored by default, and one that does not answer is saved down with the reason", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Grace Hopper");

  await page.goto("/servers/new");
  // On unless turned off, at the free tier's shortest interval.
  await expect(page.getByRole("switch", { name: "Monitor this server" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Check every" })).toHaveText("5 minutes");

  await addThroughForm(page, "Everything", `${everything.origin}/mcp`);
  const status = page.getByRole("tabpanel").first();
  await expect(status.locator("[data-status]").first()).toHaveAttribute("data-status", "up");
  // Where the status comes from: the discovery made at save, a check in the history.
  await expect(status.getByText(/^discovery, just now$/)).toBeVisible();
  await expect(status.getByText("Checks every 5 minutes")).toBeVisible();

  await page.getByRole("tab", { name: "Monitoring" }).click();
  await expect(page.getByTestId("monitor-status").locator("[data-status]")).toHaveAttribute("data-status", "up");
  await expect(page.getByTestId("monitor-status")).toContainText("Checked every 5 minutes.");
  await expect(page.getByRole("list", { name: "Checks, newest first" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Checks, newest first" }).getByRole("listitem").first()).toContainText("discovery");
  await expect(page.getByRole("button", { name: "Pause checks" })).toBeVisible();

  // Nothing listens on this port: saved all the same, down, with the reason from its first check.
  const closed = await freePort();
  await addThroughForm(page, "Nowhere", `http://127.0.0.1:${closed}/mcp`);
  const panel = page.getByRole("tabpanel").first();
  await expect(panel.locator("[data-status]").first()).toHaveAttribute("data-status", "down");
  await expect(panel.getByText(/could not connect|refused|connect/i).first()).toBeVisible();

  // With monitoring off there is nothing to pause.
  const quiet = await page.request.post("/api/servers", {
    data: { name: "Quiet", transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: false, intervalSec: 900 } },
  });
  const { id } = (await quiet.json()) as { id: string };
  await page.goto(`/servers/${id}?tab=monitoring`);
  await expect(page.getByTestId("monitor-status")).toContainText("Scheduled checks are off");
  await expect(page.getByRole("button", { name: "Check now" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Pause checks|Resume checks/ })).toHaveCount(0);
});

test("the heartbeat bar: the latest checks by colour, each one's time, latency and reason on hover and focus", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await signIn(page, "Radia Perlman");
  await setPlanAsAdmin(test.info().project.use.baseURL!, account.uid, "pro");

  // Not on a schedule: a scheduled check falling due during the test would be a fifth bar.
  const created = await page.request.post("/api/servers", {
    data: { name: "Pulse", transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: false, intervalSec: 300 } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (let i = 0; i < 3; i++) expect((await page.request.post(`/api/servers/${id}/check`)).status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/servers");
  const row = page.getByRole("row", { name: /Pulse/ });
  // The discovery at save and three checks, oldest first, all answered.
  const bar = row.getByRole("list", { name: /^Last 4 checks of Pulse, oldest first: 4 up$/ });
  await expect(bar.getByRole("listitem")).toHaveCount(4);
  await expect(bar.locator('[data-result="up"]')).toHaveCount(4);
  await expect(row.getByText("100%")).toBeVisible();
  await expect(row.getByTestId("latency-sparkline")).toBeVisible();
  await expect(row.getByText(/^Check now, just now$/)).toBeVisible();
  expect(await axeViolations(page, ["#main"])).toEqual([]);

  // Hover: the check's details in a tooltip.
  await bar.getByRole("listitem").first().hover();
  await expect(row.getByRole("tooltip")).toContainText(/Up · \d+ ms/);
  await expect(row.getByRole("tooltip")).toContainText("discovery");

  // Keyboard: one tab stop on the newest check, the arrows move along; each is read with its time, latency and source.
  await page.mouse.move(0, 0);
  await row.getByRole("link", { name: "Pulse" }).focus();
  await page.keyboard.press("Tab");
  const newest = bar.getByRole("listitem").last();
  await expect(newest).toBeFocused();
  await expect(newest).toHaveAccessibleName(/^Up · \d+ ms · just now · Check now$/);
  await expect(row.getByRole("tooltip")).toContainText("Check now");
  await page.keyboard.press("Home");
  await expect(bar.getByRole("listitem").first()).toBeFocused();
  await expect(bar.getByRole("listitem").first()).toHaveAccessibleName(/· discovery$/);
  await page.keyboard.press("ArrowRight");
  await expect(bar.getByRole("listitem").nth(1)).toBeFocused();

  // The latency chart of the last hour draws each of the four checks.
  await row.getByRole("link", { name: "Pulse" }).click();
  await page.getByRole("tab", { name: "Monitoring" }).click();
  await page.getByRole("button", { name: "hour", exact: true }).click();
  await expect(page.getByTestId("check-latency-chart")).toBeVisible();
  await expect(page.getByTestId("check-latency-summary")).toHaveText(/^4 checks; latency from \d+ ms to \d+ ms, median \d+ ms\.$/);

  // On a phone the same bar is on the server's card.
  await page.goto("/servers");
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole("list", { name: "Servers" }).getByRole("listitem").filter({ hasText: "Pulse" });
  await expect(card.getByRole("list", { name: /^Last 4 checks of Pulse/ }).getByRole("listitem")).toHaveCount(4);
  expect(await axeViolations(page, ["#main"])).toEqual([]);
});
