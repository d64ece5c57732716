// Time to data of the console's pages in Chromium: from navigation start to
// the first frame in which the user's data is visible, and whether a loading
// state (a "Loading…" status or a skeleton) was on screen before it. Each page
// is loaded once to warm the build's caches, then LOADS times; the median is
// printed. Used by `npm run bench` and `npm run bench:pages`.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { percentile } from "./stats.mjs";

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 7);
const browserConfig = JSON.parse(fs.readFileSync(new URL("../scripts/lib/chromium.json", import.meta.url), "utf8"));

/**
 * Runs in the page from its first byte: on every animation frame (what the
 * user could see) it looks for the data and for a loading state in <main>.
 * `innerText` counts only what is rendered, so hidden text does not count.
 */
function watchForData({ scope, text }) {
  const seen = { loading: false, at: null };
  window.__timeToData = seen;
  const frame = () => {
    const main = document.querySelector("main");
    if (main) {
      const loading = [...main.querySelectorAll('[role="status"]')].some((s) => /^Loading/.test(s.textContent.trim())) || main.querySelector('[data-slot="skeleton"]');
      if (loading) seen.loading = true;
      const data = document.querySelector(scope);
      if (data && data.innerText.includes(text)) {
        seen.at = performance.now();
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * `pages`: [{ label, path, needle: { scope, text } }]: `text` is the user's
 * data as the page shows it once it has it, inside the element `scope` (a CSS
 * selector). `cookie`: the session's `Cookie` header.
 */
export async function benchPages({ appUrl, cookie, pages }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? browserConfig.path, args: browserConfig.args });
  const results = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl };
      }),
    );
    for (const { label, path, needle } of pages) {
      const page = await context.newPage();
      await page.addInitScript(watchForData, needle);
      const times = [];
      let loadingSeen = 0;
      for (let i = 0; i <= LOADS; i++) {
        await page.goto(`${appUrl}${path}`, { waitUntil: "commit" });
        const seen = await page
          .waitForFunction(() => window.__timeToData?.at != null && window.__timeToData, undefined, { timeout: 30_000 })
          .then((h) => h.jsonValue())
          .catch(async (err) => {
            const shown = await page.locator("main").innerText().catch(() => "(no main)");
            throw new Error(`${label}: "${needle.text}" not seen in ${needle.scope} at ${page.url()}; the page shows: ${shown.slice(0, 300)}`, { cause: err });
          });
        if (i === 0) continue; // the warm-up
        times.push(seen.at);
        if (seen.loading) loadingSeen++;
      }
      await page.close();
      results.push({ label, median: percentile(times, 50), loadingSeen });
    }
  } finally {
    await browser.close();
  }
  console.log(`\nTime to data in Chromium (navigation start to the user's data on screen, 1440×900), median of ${LOADS} loads after one warm-up\n`);
  console.log(`${"".padEnd(24)}${"median".padStart(12)}   loading state seen`);
  for (const r of results) console.log(`${r.label.padEnd(24)}${`${r.median.toFixed(0)} ms`.padStart(12)}   ${r.loadingSeen} of ${LOADS} loads`);
  return results;
}

/** The five console pages of the bench's user, whose one server is `serverId`, named `serverName`. */
export function consolePages(serverId, serverName) {
  return [
    { label: "dashboard", path: "/dashboard", needle: { scope: "main", text: "Servers by status" } },
    { label: "server list", path: "/servers", needle: { scope: "main table", text: serverName } },
    { label: "a server", path: `/servers/${serverId}`, needle: { scope: "main h1", text: serverName } },
    { label: "activity log", path: "/activity", needle: { scope: 'main ol[aria-label="Events, newest first"]', text: "Server created" } },
    // The workbench's data is the server's tools, from its last discovery.
    { label: "workbench", path: `/workbench?server=${serverId}`, needle: { scope: 'main [role="tabpanel"]', text: "echo" } },
  ];
}
