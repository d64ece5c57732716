import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";

/**
 * What a free account is told about alerts and status pages, and that it is
 * true: alerts are "on" only with a channel set up, a pause shows as paused
 * on the server's page and the dashboard, Free makes its one public status
 * page, and the pricing table says so. At 390 and 1440 px, light and dark,
 * with axe on every screen.
 */

let everything: RunningServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp", await freePort());
});
test.afterAll(async () => {
  await everything?.stop();
});

const WIDTHS = [390, 1440] as const;

/** At each width: `check`, no axe violation, nothing wider than the screen, and a picture of `part` to look at. */
async function atEachWidth(page: Page, testInfo: TestInfo, name: string, part: Locator, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await part.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

for (const theme of ["light", "dark"] as const) {
  test(`a free account's alerts and status page say only what is true (${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await answerCookieBanner(page);
    await signInViaApi(page, "Grace Hopper");
    const created = await page.request.post("/api/servers", {
      data: { name: "Billing API", transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: true, intervalSec: 300 } },
    });
    expect(created.status()).toBe(201);
    const server = (await created.json()) as { id: string };
    const monitoringTab = `/servers/${server.id}?tab=monitoring`;

    // No channel: the server page does not say alerts are on, and offers no Pause.
    expect((await page.request.patch("/api/user/settings", { data: { emailAlerts: false } })).status()).toBe(200);
    await page.goto(monitoringTab);
    const alertsCard = page.locator("[data-slot=card]", { hasText: "Alerts and maintenance" });
    await atEachWidth(page, testInfo, `${theme}-server-no-channel`, alertsCard, async () => {
      await expect(page.getByText("Alerts are off: no email, webhook or notification channel is set up.")).toBeVisible();
      await expect(page.getByText(/Alerts are on/)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Pause alerts" })).toHaveCount(0);
    });
    await page.goto("/dashboard");
    const checklist = page.getByRole("list", { name: "Onboarding checklist" });
    await atEachWidth(page, testInfo, `${theme}-dashboard-checklist`, checklist, async () => {
      await expect(checklist.getByRole("link", { name: /Turn on alerts.*\(to do\)/ })).toHaveAttribute("href", "/settings#notifications");
    });

    // Email alerts on: a free account's alerts are on, and can be paused.
    expect((await page.request.patch("/api/user/settings", { data: { emailAlerts: true } })).status()).toBe(200);
    await page.goto(monitoringTab);
    await atEachWidth(page, testInfo, `${theme}-server-alerts-on`, alertsCard, async () => {
      await expect(page.getByText("Alerts are on for Billing API: they go by email.")).toBeVisible();
    });
    await page.getByLabel("Why").fill("Deploying a new release");
    await page.getByRole("button", { name: "Pause alerts" }).click();
    await expect(page.getByRole("list", { name: "Paused alerts" })).toContainText("Alerts paused for Billing API");
    await expect(page.getByText(/Alerts are on/)).toHaveCount(0);

    // The dashboard shows the pause, with Resume.
    await page.goto("/dashboard");
    const paused = page.getByRole("list", { name: "Paused alerts" });
    const pausedCard = page.locator("[data-slot=card]", { hasText: "Alerts paused" }).first();
    await atEachWidth(page, testInfo, `${theme}-dashboard-paused`, pausedCard, async () => {
      await expect(paused).toContainText("Alerts paused for Billing API");
      await expect(paused).toContainText("Deploying a new release");
    });
    // The servers list says it beside the server's status, as a table row or a card.
    await page.goto("/servers");
    const listed = page.getByRole("main");
    await atEachWidth(page, testInfo, `${theme}-servers-paused`, listed, async () => {
      await expect(listed.getByText("Alerts paused", { exact: true }).filter({ visible: true })).toHaveCount(1);
    });
    await page.goto("/dashboard");
    await paused.getByRole("button", { name: "Resume alerts" }).click();
    await expect(paused).toHaveCount(0);

    // Free's one public status page: made, shown with its 24 hours, and no second one offered.
    await page.goto("/settings#status-pages");
    const pages = page.getByRole("region", { name: "Status pages" });
    await expect(pages.getByRole("button", { name: "New status page" })).toBeVisible();
    const slug = `free-${theme}-${Date.now().toString(36)}`;
    expect((await page.request.post("/api/status-pages", { data: { slug, title: "Grace's services", serverIds: [server.id] } })).status()).toBe(201);
    await page.reload();
    await atEachWidth(page, testInfo, `${theme}-settings-status-pages`, pages, async () => {
      await expect(pages.getByText("The Free plan has 1 status page.", { exact: false })).toBeVisible();
      await expect(pages.getByRole("button", { name: "New status page" })).toHaveCount(0);
    });
    await page.goto(`/status/${slug}`);
    await atEachWidth(page, testInfo, `${theme}-public-status-page`, page.locator("#main"), async () => {
      await expect(page.getByRole("heading", { name: "Grace's services" })).toBeVisible();
      await expect(page.getByText("24 hours ago")).toBeVisible();
    });

    // The pricing table: what Free has.
    await page.goto("/#pricing");
    const free = page.getByRole("region", { name: "Free" });
    await atEachWidth(page, testInfo, `${theme}-pricing`, free, async () => {
      await expect(free).toContainText("5 min shortest check interval");
      await expect(free).toContainText("1 public status page");
      await expect(free).toContainText("1 alert channel besides email (signed webhook, Slack, Discord, Teams, PagerDuty, ntfy, Telegram)");
    });
    await expect(page.getByText(/Upgrade when you need alerts/)).toHaveCount(0);

    // The ads landing page does not sell alerts as Pro's.
    await page.goto("/get-started");
    const pitch = page.locator("#main");
    await atEachWidth(page, testInfo, `${theme}-get-started`, pitch, async () => {
      await expect(pitch.getByText(/on every plan, Free too/)).toBeVisible();
      await expect(pitch.getByText(/\(Pro\)/)).toHaveCount(0);
    });
  });
}
