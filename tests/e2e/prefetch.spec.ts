import { expect, test, type Page } from "@playwright/test";
import { signInViaApi } from "./support";

/**
 * The console pages arrive with the user's data: it is in the page's HTML
 * itself (read here with JavaScript off), and in the browser no loading state
 * stands in for it while the page starts.
 */

const NAME = "Prefetched Pelican";
// Listed after NAME (servers are listed by name): the workbench opens NAME unless the URL names this one.
const OTHER = "Quiet Quokka";

interface ConsolePage {
  path: string;
  /** A piece of the user's data the page shows. */
  data: string;
  /** The loading label the page would show while waiting for that data. */
  loading: string;
  /** The server the workbench's picker names. */
  picked?: string;
}

const consolePages = (id: string, otherId: string, gatewayId: string): ConsolePage[] => [
  { path: "/dashboard", data: `Added ${NAME}`, loading: "Loading the dashboard…" },
  { path: "/servers", data: NAME, loading: "Loading servers…" },
  { path: `/servers/${id}`, data: NAME, loading: "Loading the server…" },
  { path: "/activity", data: `Added ${NAME}`, loading: "Loading activity…" },
  // The first server, before the one the URL names: a browser that remembers a server opens it instead of the first.
  { path: "/workbench", data: "Not discovered yet", loading: "Loading what the server offers…", picked: NAME },
  { path: `/workbench?server=${otherId}`, data: "Not discovered yet", loading: "Loading what the server offers…", picked: OTHER },
  // The gateway serves NAME: the list names its servers, and its page opens on what the agent sees.
  { path: "/gateways", data: NAME, loading: "Loading gateways…" },
  { path: `/gateways/${gatewayId}`, data: "Listed to the agent", loading: "Loading what the agent sees…" },
];

/** Hydration errors are console errors; React's text names a mismatch (in production, by its error number). */
const HYDRATION = /hydrat|did not match|#418|#423|#425/i;

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

test("the dashboard, servers, a server, activity, the workbench and gateways arrive with the user's data", async ({ browser, page }) => {
  test.setTimeout(60_000);
  await signInViaApi(page, "Pia Prefetch");
  // Port 9 refuses at once: the server is saved, its discovery fails fast.
  const add = async (name: string) => {
    const res = await page.request.post("/api/servers", { data: { name, transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const id = await add(NAME);
  const otherId = await add(OTHER);
  const gateway = await page.request.post("/api/gateways", { data: { name: "Pelican gateway", servers: [{ serverId: id }] } });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const gatewayId = ((await gateway.json()) as { id: string }).id;

  // Without JavaScript the page is its HTML: the data must be in it, not a placeholder.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const html = await withoutScripts.newPage();
  for (const { path, data, loading, picked } of consolePages(id, otherId, gatewayId)) {
    await html.goto(path);
    await expect(html.locator("main").getByText(data).first(), path).toBeVisible();
    await expect(html.locator("main").getByText(loading), path).toHaveCount(0);
    if (picked) await expect(html.getByRole("combobox", { name: "Server" }), path).toHaveText(picked);
  }
  await withoutScripts.close();

  // With JavaScript, the page starts from that data: no loading state, before or after hydration, and
  // no hydration error, also in a browser whose clock is in another time zone than the server's.
  const elsewhere = await browser.newContext({ timezoneId: "Pacific/Kiritimati", storageState: await page.context().storageState() });
  page = await elsewhere.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || HYDRATION.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await recordLoadingStates(page);
  for (const { path, data, picked } of consolePages(id, otherId, gatewayId)) {
    await page.goto(path);
    await expect(page.locator("main").getByText(data).first(), path).toBeVisible();
    // The scripts have run and hydrated the page: a hook that found no data would be showing its loading state by now.
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen), path).toEqual([]);
    expect(errors, path).toEqual([]);
    if (picked) await expect(page.getByRole("combobox", { name: "Server" }), path).toHaveText(picked);
  }
  // Hydrated, a relative time gives its exact time in the reader's zone (the server wrote it in UTC).
  await page.goto(`/servers/${id}`);
  await expect(page.locator("main time[title]").first()).toHaveAttribute("title", /GMT\+14$/);
  await elsewhere.close();
});
