import { expect, test, type Page } from "@playwright/test";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { axeViolations } from "./axe";
import { answerCookieBanner, setPlanAsAdmin, signInViaApi } from "./support";

/**
 * A maintenance window scheduled on a server's Monitoring tab: the server
 * stops, its failed checks open no incident, and its status page announces
 * the maintenance; once the window is cancelled in Settings (after a
 * confirmation), the next failed check opens the incident. (The feed and the
 * history are tested in tests/integration/status-page-history.test.ts.)
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

/** A datetime-local value `minutes` from now, in the browser's time zone. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);

async function checkNow(page: Page, serverId: string, expected: "up" | "failed") {
  const res = await page.request.post(`/api/servers/${serverId}/check`);
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { check: { result: string } }).check.result).toBe(expected);
}

test("a maintenance window silences an incident, and cancelling it lets the next failure open one", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await answerCookieBanner(page);
  const account = await signInViaApi(page, "Katherine Johnson");
  await setPlanAsAdmin(test.info().project.use.baseURL!, account.uid, "pro");
  const created = await page.request.post("/api/servers", {
    data: { name: "Billing API", transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: true, intervalSec: 3600 } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const server = (await created.json()) as { id: string };
  await checkNow(page, server.id, "up");
  const slug = `billing-${Date.now().toString(36)}`;
  expect((await page.request.post("/api/status-pages", { data: { slug, title: "Billing status", serverIds: [server.id] } })).status()).toBe(201);

  // Scheduled on the server's Monitoring tab, from a few minutes ago for an hour.
  await page.goto(`/servers/${server.id}?tab=monitoring`);
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule maintenance" });
  await expect(dialog.getByRole("checkbox", { name: "Billing API" })).toBeChecked();
  await dialog.getByLabel("Starts").fill(await localInput(page, -5));
  await dialog.getByLabel("Ends").fill(await localInput(page, 60));
  await dialog.getByLabel("Note").fill("Upgrading the billing database.");
  await dialog.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(dialog).toBeHidden();

  // The server stops: two failed checks, and no incident.
  await everything.stop();
  await checkNow(page, server.id, "failed");
  await checkNow(page, server.id, "failed");
  await page.reload();
  await expect(page.getByText("No incidents: the server has not been down since it was added.")).toBeVisible();

  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const pub = await visitor.newPage();
  await pub.goto(`/status/${slug}`);
  const maintenance = pub.getByRole("region", { name: "Scheduled maintenance" });
  await expect(maintenance).toContainText("In progress");
  await expect(maintenance).toContainText("Upgrading the billing database.");
  await expect(maintenance).toContainText("Failed checks during maintenance open no incident and send no alert.");
  await expect(pub.getByRole("article", { name: "Billing API" })).toContainText("Under maintenance");
  await expect(pub.getByText("Maintenance in progress")).toBeVisible();
  await expect(pub.getByRole("region", { name: "Incident history" })).toContainText("No incidents in the last 90 days.");
  expect(await axeViolations(pub)).toEqual([]);

  // Cancelled in Settings, after saying yes: the next failed check is an outage.
  await page.goto("/settings#maintenance");
  const section = page.getByRole("region", { name: "Maintenance" });
  await expect(section.getByRole("list", { name: "Maintenance windows" })).toContainText("Billing API");
  await section.getByRole("button", { name: "Cancel window" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Keep it" }).click();
  await expect(section.getByRole("list", { name: "Maintenance windows" })).toBeVisible();
  await section.getByRole("button", { name: "Cancel window" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel maintenance" }).click();
  await expect(section.getByText("No maintenance scheduled.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await checkNow(page, server.id, "failed");
  await page.goto(`/servers/${server.id}?tab=monitoring`);
  const incidents = page.getByRole("list", { name: "Incidents, newest first" });
  await expect(incidents.getByTestId("incident").first()).toContainText("Ongoing");
  await visitor.close();
  everything = await startEverything("streamableHttp", port);
});
