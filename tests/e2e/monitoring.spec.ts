import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, chooseTheme, createAccount, PASSWORD, setPlanAsAdmin, uniqueEmail } from "./support";

/**
 * Monitoring as a user sees it, against a real server-everything that the
 * test stops and starts again on the same port: the status, the incident and
 * the fleet change on open pages without a reload (polling), charts draw the
 * recorded checks, the free tier sees what Pro unlocks, a public status page
 * appears and disappears, and every screen passes axe in both themes.
 *
 * The checks are run through the API (standing in for the scheduler, which
 * runs them on its own in the service) and with the "Check now" button.
 */

let everything: RunningServer;
let port: number;

test.beforeAll(async () => {
  port = await freePort();
  everything = await startEverything("streamableHttp", port);
});

test.afterAll(async () => {
  await everything?.stop();
});

/**
 * Signs a new user in through the sign-in form (the browser then holds the
 * identity the plan is read with); a paid plan is given by an administrator,
 * in a request context of its own.
 */
async function signInWithPlan(page: Page, name: string, plan: "pro" | "free tier") {
  await answerCookieBanner(page);
  const account = await createAccount(page.request, uniqueEmail("monitor"), name);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (plan === "free tier") return account;
  await setPlanAsAdmin(test.info().project.use.baseURL!, account.uid, plan);
  return account;
}

async function addServer(page: Page, name = "Everything") {
  const res = await page.request.post("/api/servers", {
    data: { name, transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: true, intervalSec: 60 } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

const statusBadge = (page: Page) => page.getByTestId("monitor-status").locator("[data-status]");

test("a server goes down and comes back: status, incident and fleet change on open pages without a reload", async ({ page }) => {
  test.setTimeout(180_000);
  await signInWithPlan(page, "Katherine Johnson", "pro");
  const server = await addServer(page);

  await page.goto(`/servers/${server.id}?tab=monitoring`);
  await expect(page.getByRole("tab", { name: "Monitoring", selected: true })).toBeVisible();
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("check-now-result")).toContainText(/Answered in \d+ ms\. The server is now up\./, { timeout: 20_000 });
  await expect(statusBadge(page)).toHaveAttribute("data-status", "up");
  // The check is in the history, with its phases, and drawn in the chart and the bar. The server's
  // first scheduled check falls at a random phase of its minute, so it may be listed above this one.
  const history = page.getByRole("list", { name: "Checks, newest first" });
  const manual = history.getByRole("listitem").filter({ hasText: "Check now" }).first();
  await expect(manual).toBeVisible();
  await expect(manual).toContainText(/connect\s*\d+ ms/);
  await expect(page.getByTestId("latency-chart").locator(".recharts-line")).toHaveCount(2);
  await expect(page.getByTestId("latency-summary")).toContainText(/Latency over the last 24 hours: median \(p50\) \d+ ms/);
  await expect(page.getByTestId("uptime-bar").locator('[data-level="up"]')).toHaveCount(1);
  await page.getByRole("button", { name: "90 days" }).click();
  await expect(page.getByTestId("uptime-bar").locator("[data-level]")).toHaveCount(90);
  await expect(page.getByText("No incidents: the server has not been down since it was added.")).toBeVisible();

  // The fleet as the dashboard and the list show it, open in other tabs.
  const dashboard = await page.context().newPage();
  await dashboard.goto("/dashboard");
  await expect(dashboard.getByText("No server is down.")).toBeVisible();
  const list = await page.context().newPage();
  await list.goto("/servers");
  await expect(list.getByRole("row", { name: /Everything/ }).locator("[data-status]").first()).toHaveAttribute("data-status", "up");

  // The server stops; two failed checks in a row make it down and open an incident.
  await everything.stop();
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post(`/api/servers/${server.id}/check`);
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { check: { result: string } }).check.result).toBe("failed");
  }
  // No reload, no click: the open pages ask again on their own.
  await expect(statusBadge(page)).toHaveAttribute("data-status", "down", { timeout: 30_000 });
  const incidents = page.getByRole("list", { name: "Incidents, newest first" });
  await expect(incidents.getByTestId("incident").first()).toContainText("Ongoing", { timeout: 30_000 });
  await expect(incidents.getByTestId("incident").first()).toContainText(/refused|could not connect|connect/i);
  await expect(page.getByRole("heading", { level: 1, name: "Everything" }).locator("..").locator("[data-status]")).toHaveAttribute("data-status", "down");
  await expect(history.getByRole("listitem").first()).toContainText("Failed", { timeout: 30_000 });
  await expect(dashboard.getByRole("link", { name: /Everything.*since/ })).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole("row", { name: /Everything/ }).locator("[data-status]").first()).toHaveAttribute("data-status", "down", { timeout: 30_000 });

  // Posted for status pages while it is down.
  await page.getByRole("button", { name: "Post an update" }).click();
  await page.getByLabel("Update for your status pages").fill("We are restarting the server.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(incidents.getByRole("list", { name: "Updates for status pages" })).toContainText("We are restarting the server.");

  // It comes back; a check now shows the recovery and closes the incident.
  everything = await startEverything("streamableHttp", port);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("check-now-result")).toContainText("The server is now up.", { timeout: 20_000 });
  await expect(statusBadge(page)).toHaveAttribute("data-status", "up");
  await expect(incidents.getByTestId("incident").first()).toContainText(/Resolved.*Down for/);
  await expect(dashboard.getByText("No server is down.")).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole("row", { name: /Everything/ }).locator("[data-status]").first()).toHaveAttribute("data-status", "up", { timeout: 30_000 });
  await Promise.all([dashboard.close(), list.close()]);
});

test("the free tier sees the last 24 hours and what Pro would unlock", async ({ page }) => {
  await signInWithPlan(page, "Dorothy Vaughan", "free tier");
  const res = await page.request.post("/api/servers", { data: { name: "Free one", transport: "streamable-http", url: `${everything.origin}/mcp` } });
  const server = (await res.json()) as { id: string };
  expect((await page.request.get(`/api/servers/${server.id}/uptime?window=7d`)).status()).toBe(403);
  await page.goto(`/servers/${server.id}?tab=monitoring`);
  await expect(page.getByRole("alert").filter({ hasText: "Uptime over 7 days, 30 days, 90 days comes with Pro." })).toBeVisible();
  await page.getByRole("button", { name: /30 days/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Charts over 30 days come with Pro." })).toBeVisible();
  // A public status page is on every plan (tests/e2e/free-plan.spec.ts makes Free's one).
  await page.goto("/settings#status-pages");
  await expect(page.getByRole("button", { name: "New status page" })).toBeVisible();
});

test("a public status page: made in settings, read without signing in, gone at once when unpublished", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInWithPlan(page, "Mary Jackson", "pro");
  const server = await addServer(page, "Public API");
  expect((await page.request.post(`/api/servers/${server.id}/check`)).status()).toBe(200);

  const slug = `acme-${Date.now().toString(36)}`;
  await page.goto("/settings#status-pages");
  await page.getByRole("button", { name: "New status page" }).click();
  const dialog = page.getByRole("dialog", { name: "New status page" });
  await dialog.getByLabel("Title").fill("Acme status");
  await dialog.getByLabel("Address").fill(slug);
  await dialog.getByRole("checkbox", { name: "Public API" }).click();
  await dialog.getByRole("button", { name: "Create page" }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByRole("article", { name: "Acme status" });
  await expect(item.getByRole("link", { name: `/status/${slug}` })).toBeVisible();

  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const pub = await visitor.newPage();
  const res = await pub.goto(`/status/${slug}`);
  expect(res?.status()).toBe(200);
  await expect(pub.getByRole("heading", { level: 1, name: "Acme status" })).toBeVisible();
  await expect(pub.getByText("All services are operational")).toBeVisible();
  const card = pub.getByRole("article", { name: "Public API" });
  await expect(card.locator("[data-status]")).toHaveAttribute("data-status", "up");
  await expect(card.getByTestId("uptime-bar").locator("[data-level]")).toHaveCount(90);
  const html = await pub.content();
  expect(html).not.toContain(everything.origin);
  expect(html).not.toContain(server.id);

  await item.getByRole("button", { name: "Unpublish" }).click();
  await expect(item.getByText("Not published")).toBeVisible();
  expect((await pub.goto(`/status/${slug}`))?.status()).toBe(404);
  await expect(pub.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await visitor.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the monitoring screens and the public status page have no axe violations (${theme} theme)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await signInWithPlan(page, "Annie Easley", "pro");
    const server = await addServer(page, "Checked");
    expect((await page.request.post(`/api/servers/${server.id}/check`)).status()).toBe(200);

    await page.goto(`/servers/${server.id}?tab=monitoring`);
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
    await expect(page.getByTestId("latency-chart")).toBeVisible();
    await expect(page.getByTestId("uptime-7d")).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);
    await page.getByText("Show the numbers as a table").click();
    await expect(page.getByRole("table", { name: "Latency and uptime by period" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    await page.getByRole("tab", { name: "Overview" }).click();
    await expect(page.getByTestId("uptime-30d")).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Health" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    const slug = `axe-${theme}-${Date.now().toString(36)}`;
    expect((await page.request.post("/api/status-pages", { data: { slug, title: "Axe status", serverIds: [server.id] } })).status()).toBe(201);
    await page.goto("/settings#status-pages");
    await expect(page.getByRole("article", { name: "Axe status" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await chooseTheme(visitor, theme);
    const pub = await visitor.newPage();
    await pub.emulateMedia({ reducedMotion: "reduce" });
    await pub.goto(`/status/${slug}`);
    await expect(pub.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
    await expect(pub.getByRole("heading", { level: 1, name: "Axe status" })).toBeVisible();
    expect(await axeViolations(pub, "document")).toEqual([]);
    await visitor.close();
  });
}
