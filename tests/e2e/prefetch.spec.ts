import { expect, test, type Page } from "@playwright/test";
import { signInViaApi } from "./support";

/**
 * The console pages arrive with the user's data: it is in the page's HTML
 * itself (read here with JavaScript off), and in the browser no loading state
 * stands in for it while the page starts.
 */

const NAME = "Prefetched Pelican";

/** Each page, a piece of the user's data it shows, and the loading label it would show while waiting for that data. */
const consolePages = (id: string) => [
  { path: "/dashboard", data: `Added ${NAME}`, loading: "Loading the dashboard…" },
  { path: "/servers", data: NAME, loading: "Loading servers…" },
  { path: `/servers/${id}`, data: NAME, loading: "Loading the server…" },
  { path: "/activity", data: `Added ${NAME}`, loading: "Loading activity…" },
  // The server picker shows its choice only once its scripts run; the server's inventory (none yet) is the data here.
  { path: `/workbench?server=${id}`, data: "Not discovered yet", loading: "Loading what the server offers…" },
];

/** Every "Loading…" status that appears in the page's <main>, from its first byte. */
async function recordLoadingStates(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('main [role="status"]')) {
        const text = status.textContent?.trim() ?? "";
        if (text.startsWith("Loading") && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test("the dashboard, servers, a server, activity and the workbench arrive with the user's data", async ({ browser, page }) => {
  test.setTimeout(60_000);
  await signInViaApi(page, "Pia Prefetch");
  // Port 9 refuses at once: the server is saved, its discovery fails fast.
  const res = await page.request.post("/api/servers", { data: { name: NAME, transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  // Without JavaScript the page is its HTML: the data must be in it, not a placeholder.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const html = await withoutScripts.newPage();
  for (const { path, data, loading } of consolePages(id)) {
    await html.goto(path);
    await expect(html.locator("main").getByText(data).first(), path).toBeVisible();
    await expect(html.locator("main").getByText(loading), path).toHaveCount(0);
  }
  await withoutScripts.close();

  // With JavaScript, the page starts from that data: no loading state, before or after hydration, and
  // no hydration error, also in a browser whose clock is in another time zone than the server's.
  const elsewhere = await browser.newContext({ timezoneId: "Pacific/Kiritimati", storageState: await page.context().storageState() });
  page = await elsewhere.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await recordLoadingStates(page);
  for (const { path, data } of consolePages(id)) {
    await page.goto(path);
    await expect(page.locator("main").getByText(data).first(), path).toBeVisible();
    // The scripts have run and hydrated the page: a hook that found no data would be showing its loading state by now.
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen), path).toEqual([]);
    expect(errors, path).toEqual([]);
  }
  await elsewhere.close();
});
