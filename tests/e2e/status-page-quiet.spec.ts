import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { axeViolations } from "./axe";

/**
 * A public status page is its owner's page, read by their users: the
 * console's cookie banner and its analytics stay off it, whatever the reader
 * answered on the console before. The page is the demo's (a visit seeds one).
 */

const ANALYTICS = "/api/analytics/events";
const WIDTHS = [
  { width: 390, height: 844, mobile: true },
  { width: 1440, height: 900, mobile: false },
] as const;
const THEMES = ["light", "dark"] as const;

let statusPath: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Try the demo account" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
  const pages = (await (await page.request.get("/api/status-pages")).json()) as { statusPages: { slug: string }[] };
  statusPath = `/status/${pages.statusPages[0].slug}`;
  await page.context().close();
});

async function reader(browser: Browser, size: (typeof WIDTHS)[number], theme: (typeof THEMES)[number], consent?: { analytics: boolean }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    colorScheme: theme,
    reducedMotion: "reduce",
  });
  await context.addInitScript(
    ([t, c]) => {
      localStorage.setItem("theme", t);
      if (c && !sessionStorage.getItem("e2e-consent-seeded")) {
        localStorage.setItem("cookie_consent", JSON.stringify({ ...c, marketing: false, functional: true, hasConsented: true, timestamp: Date.now() }));
        sessionStorage.setItem("e2e-consent-seeded", "1");
      }
    },
    [theme, consent ?? null] as const,
  );
  return context;
}

/** Every analytics request the page makes, from now on. */
function recordAnalytics(page: Page) {
  const requests: Request[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === ANALYTICS) requests.push(req);
  });
  return requests;
}

/** Lets the page do what it does once loaded and idle (the console mounts its consent UI then), and fetch what that needs. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1500 })));
  await page.waitForLoadState("networkidle");
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
const consoleLink = (page: Page) => page.getByRole("link", { name: /Status by MCP Console/ });

for (const size of WIDTHS) {
  for (const theme of THEMES) {
    test(`a status page shows no cookie banner to a new reader (${size.width} px, ${theme})`, async ({ browser }) => {
      const context = await reader(browser, size, theme);
      const page = await context.newPage();
      try {
        await page.goto(statusPath);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo status");
        await settle(page);
        await expect(banner(page)).toHaveCount(0);
        await expect(page.getByRole("button", { name: /^Cookie preferences/ })).toHaveCount(0);
        expect(await axeViolations(page, "document")).toEqual([]);

        // The same reader on the console's own pages is asked.
        await consoleLink(page).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(banner(page)).toBeVisible();
      } finally {
        await context.close();
      }
    });

    test(`a status page sends no analytics, even for a reader who allowed them on the console (${size.width} px, ${theme})`, async ({ browser }) => {
      const context = await reader(browser, size, theme, { analytics: true });
      const page = await context.newPage();
      try {
        const analytics = recordAnalytics(page);
        await page.goto(statusPath);
        await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo status");
        await settle(page);
        await expect(page.getByRole("button", { name: /^Cookie preferences/ })).toHaveCount(0);

        // On the console's pages the same reader is tracked: once the first batch arrives, none of
        // its events (nor any request before it) dates from the status page. A page view tracked
        // there would have been sent already or would travel in this batch with its earlier time.
        const leftAt = await page.evaluate(() => Date.now());
        await consoleLink(page).click();
        await expect(page).toHaveURL(/\/$/);
        await expect.poll(() => analytics.length, { timeout: 15_000 }).toBeGreaterThan(0);
        const times = analytics.flatMap((r) => (r.postDataJSON() as { events: { timestamp: number }[] }).events.map((e) => e.timestamp));
        expect(times.filter((t) => t < leftAt)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
