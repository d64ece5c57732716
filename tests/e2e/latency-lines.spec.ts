import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";

/**
 * The 24 h latency chart after a server's first check: one measurement, so
 * p50 and p95 are the same number and their lines lie on each other. Both
 * stay visible (a wide solid p50 under a narrow dashed p95, markers of two
 * sizes) and the summary says they coincide. At 390 and 1440 px, light and
 * dark, with axe.
 */

let everything: RunningServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp", await freePort());
});
test.afterAll(async () => {
  await everything?.stop();
});

for (const theme of ["light", "dark"] as const) {
  test(`p50 and p95 stay distinguishable where they coincide (${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await answerCookieBanner(page);
    await signInViaApi(page, "Mae Jemison");
    const created = await page.request.post("/api/servers", {
      data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp`, monitoring: { enabled: true, intervalSec: 3600 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const serverId = ((await created.json()) as { id: string }).id;
    // Adding it checks it once; the next scheduled check is up to an hour away.

    await page.goto(`/servers/${serverId}?tab=monitoring`);
    const chart = page.getByTestId("latency-chart");
    const figure = page.getByRole("figure").filter({ has: chart });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(chart.locator(".recharts-line")).toHaveCount(2);
      await expect(page.getByTestId("latency-summary")).toContainText("p50 and p95 are the same in every period.");
      // The same point, drawn twice: a larger p50 marker around a smaller p95 one, p50's line wider, p95's dashed.
      const dots = chart.locator(".recharts-line-dots");
      await expect(dots).toHaveCount(2);
      const radius = async (i: number) => Number(await dots.nth(i).locator("circle").first().getAttribute("r"));
      expect(await radius(0)).toBeGreaterThan(await radius(1));
      const curves = chart.locator("path.recharts-line-curve");
      await expect(curves).toHaveCount(2);
      expect(Number(await curves.nth(0).getAttribute("stroke-width"))).toBeGreaterThan(Number(await curves.nth(1).getAttribute("stroke-width")));
      await expect(curves.nth(1)).toHaveAttribute("stroke-dasharray", /\d/);
      expect(await axeViolations(page)).toEqual([]);
      await figure.screenshot({ path: testInfo.outputPath(`${theme}-latency-${width}.png`) });
    }
  });
}
