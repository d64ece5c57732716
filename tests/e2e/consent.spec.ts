import { expect, test, type Page, type Request } from "@playwright/test";

const ANALYTICS = "/api/analytics/events";
const YEAR_MS = 31_536_000_000;

const GREEN = "rgb(22, 163, 74)";
const YELLOW = "rgb(202, 138, 4)";
// "Essential only": red, as the specification has it, but only the rim of a small neutral button.
const RED = "rgb(220, 38, 38)";

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
const floatingButton = (page: Page) => page.getByRole("button", { name: /^Cookie preferences:/ });

/** Every analytics request the page makes, from now on. */
function recordAnalytics(page: Page) {
  const requests: Request[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === ANALYTICS) requests.push(req);
  });
  return requests;
}

/**
 * Shows that nothing was tracked until now, without waiting a guessed time
 * for a request that should not come: the visitor then allows analytics
 * (`allow`), and once the tracker sends its first batch, every event in every
 * request so far must have been recorded after that moment. An event tracked
 * earlier would have gone already (and been recorded here) or would travel in
 * that batch with its earlier time. The page must not have been left in
 * between: a page that unloads sends its queue as a beacon.
 */
async function expectNothingTrackedBefore(page: Page, analytics: Request[], allow: () => Promise<void>) {
  const allowedAt = await page.evaluate(() => Date.now());
  await allow();
  await expect.poll(() => analytics.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const times = analytics.flatMap((r) => (r.postDataJSON() as { events: { timestamp: number }[] }).events.map((e) => e.timestamp));
  expect(times.filter((t) => t < allowedAt)).toEqual([]);
}

/** A consent choice stored before the first page loads, as a returning visitor has it. */
async function storeConsent(page: Page, choice: { analytics: boolean; marketing: boolean }, ageMs = 0) {
  await page.addInitScript(
    ([c, age]) => {
      const state = { ...c, functional: true, hasConsented: true, timestamp: Date.now() - age };
      // Once per test: a reload must see what the page itself stored since.
      if (!sessionStorage.getItem("e2e-consent-seeded")) {
        localStorage.setItem("cookie_consent", JSON.stringify(state));
        sessionStorage.setItem("e2e-consent-seeded", "1");
      }
    },
    [choice, ageMs] as const,
  );
}

test.describe("cookie consent", () => {
  test("the banner stays until the visitor chooses; Accept turns the button green and is remembered", async ({ page, context }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(floatingButton(page)).toHaveCount(0);

    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(floatingButton(page)).toHaveAccessibleName("Cookie preferences: all cookies accepted");
    await expect(floatingButton(page)).toHaveCSS("border-top-color", GREEN);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cookie_consent")!));
    expect(stored).toMatchObject({ analytics: true, marketing: true, functional: true, hasConsented: true });
    const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent")!;
    expect(JSON.parse(decodeURIComponent(cookie.value))).toMatchObject({ analytics: true, marketing: true });
    expect(cookie.sameSite).toBe("Lax");
    const yearFromNow = Date.now() / 1000 + YEAR_MS / 1000;
    expect(Math.abs(cookie.expires - yearFromNow)).toBeLessThan(120);

    await page.goto("/faq");
    await expect(floatingButton(page)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("Reject keeps essential only: a small button with a red rim, no alarm", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(floatingButton(page)).toHaveAccessibleName("Cookie preferences: essential cookies only");
    await expect(floatingButton(page)).toHaveCSS("border-top-color", RED);
  });

  test("Customize shows the categories with Essential locked; Save makes a custom, yellow choice", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Customize" }).click();
    const essential = banner(page).getByRole("switch", { name: "Essential" });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await banner(page).getByRole("switch", { name: "Analytics" }).click();
    await banner(page).getByRole("button", { name: "Save" }).click();

    await expect(floatingButton(page)).toHaveAccessibleName("Cookie preferences: custom choice");
    await expect(floatingButton(page)).toHaveCSS("border-top-color", YELLOW);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookie_consent")!))).toMatchObject({
      analytics: true,
      marketing: false,
    });
  });

  test("the floating button reopens the preferences: focus stays inside, Escape closes, choices apply", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await floatingButton(page).click();

    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Essential" })).toBeDisabled();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(floatingButton(page)).toBeFocused();

    await floatingButton(page).click();
    await dialog.getByRole("button", { name: "Accept All" }).click();
    await expect(floatingButton(page)).toHaveCSS("border-top-color", GREEN);

    await floatingButton(page).click();
    await dialog.getByRole("switch", { name: "Analytics" }).click();
    await dialog.getByRole("button", { name: "Save Preferences" }).click();
    await expect(floatingButton(page)).toHaveCSS("border-top-color", YELLOW);

    await floatingButton(page).click();
    await dialog.getByRole("button", { name: "Reject All" }).click();
    await expect(floatingButton(page)).toHaveCSS("border-top-color", RED);
  });

  test("on a phone the choice made leaves no button over the page: the footer's link opens the preferences", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto("/faq");
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(floatingButton(page)).toBeHidden();
    // Nothing fixed is left at the bottom of the screen, over the text and controls there.
    await page.mouse.wheel(0, -600);
    expect(await page.evaluate(() => document.elementFromPoint(24, window.innerHeight - 24)?.closest("aside[aria-label='Cookie settings']") ?? null)).toBeNull();

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Accept All" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookie_consent")!))).toMatchObject({ analytics: true });
    await expect(floatingButton(page)).toBeHidden();
  });

  test("the footer opens the preferences too; the small button stays under dialogs and moves away while the page is read", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 740 });
    await page.goto("/faq");
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(floatingButton(page)).toHaveAttribute("data-consent-level", "essential");

    // Reading down, the button slides away; scrolling back up brings it back.
    await page.mouse.wheel(0, 600);
    await expect(floatingButton(page)).not.toBeInViewport();
    await page.mouse.wheel(0, -300);
    await expect(floatingButton(page)).toBeInViewport();

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    // The button's layer is below the dialog's overlay (and the page is hidden from the accessibility tree meanwhile).
    const layers = await page.evaluate(() => ({
      button: Number(getComputedStyle(document.querySelector("[data-consent-level]")!.closest("aside")!).zIndex),
      overlay: Number(getComputedStyle(document.querySelector("[data-slot=dialog-overlay]")!).zIndex),
    }));
    expect(layers.button).toBeLessThan(layers.overlay);
    await dialog.getByRole("button", { name: "Accept All" }).click();
    await expect(floatingButton(page)).toHaveAttribute("data-consent-level", "all");
  });

  test("a choice older than one year is forgotten: the banner returns with the defaults", async ({ page }) => {
    await storeConsent(page, { analytics: true, marketing: true }, YEAR_MS + 60_000);
    const analytics = recordAnalytics(page);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(floatingButton(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookie_consent"))).toBeNull();
    await expectNothingTrackedBefore(page, analytics, () => banner(page).getByRole("button", { name: "Accept" }).click());
  });

  test("no analytics request is made before consent or after a refusal", async ({ page }) => {
    const analytics = recordAnalytics(page);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    // Moving within the site, as a visitor does, keeps the same page: nothing it queued is lost.
    await page.getByRole("link", { name: "FAQ" }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(floatingButton(page)).toHaveCSS("border-top-color", RED);
    await page.getByRole("link", { name: "Blog" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

    await expectNothingTrackedBefore(page, analytics, async () => {
      await floatingButton(page).click();
      await page.getByRole("dialog", { name: "Cookie preferences" }).getByRole("button", { name: "Accept All" }).click();
    });
  });

  test("with analytics consent, page views and the load timing are sent and stored", async ({ page }) => {
    await storeConsent(page, { analytics: true, marketing: false });
    const analytics = recordAnalytics(page);
    // The server's answers, read on the way through (a keepalive request's body is not kept otherwise).
    const answers: unknown[] = [];
    await page.route(`**${ANALYTICS}`, async (route) => {
      const response = await route.fetch();
      answers.push(await response.json());
      await route.fulfill({ response });
    });
    await page.goto("/get-started?utm_source=e2e&utm_campaign=consent");

    await expect
      .poll(() => analytics.flatMap((r) => (r.postDataJSON() as { events: { name: string }[] }).events.map((e) => e.name)), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining(["page_view", "page_load_timing"]));

    const first = analytics[0];
    const body = first.postDataJSON() as { events: { name: string; path: string }[]; utm?: Record<string, string> };
    expect(body.utm).toEqual({ utm_source: "e2e", utm_campaign: "consent" });
    expect(body.events[0].path).toBe("/get-started");
    await expect.poll(() => answers[0]).toEqual({ stored: body.events.length });
  });

  test("accepting on the page starts analytics at once", async ({ page }) => {
    const analytics = recordAnalytics(page);
    await page.goto("/faq");
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect
      .poll(() => analytics.flatMap((r) => (r.postDataJSON() as { events: { name: string }[] }).events.map((e) => e.name)), {
        timeout: 10_000,
      })
      .toContain("page_view");
  });
});
