import { expect, test, type Browser } from "@playwright/test";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme } from "./support";

/**
 * The landing page tells what the console does, gateways included: in the
 * hero, the feature cards and the three steps, at a phone's and a desktop's
 * width, in both themes, with nothing axe objects to.
 */

const WIDTHS = [
  { width: 390, height: 844, mobile: true },
  { width: 1440, height: 900, mobile: false },
] as const;
const THEMES = ["light", "dark"] as const;

async function visitor(browser: Browser, size: (typeof WIDTHS)[number], theme: (typeof THEMES)[number]) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    colorScheme: theme,
    reducedMotion: "reduce",
  });
  // A visitor who already answered the cookie banner: the page itself is what is checked.
  await chooseTheme(context, theme);
  await answerCookieBanner(context, { functional: false });
  return context;
}

for (const size of WIDTHS) {
  for (const theme of THEMES) {
    test(`the landing page presents gateways in the hero, the features and the steps (${size.width} px, ${theme})`, async ({ browser }) => {
      const context = await visitor(browser, size, theme);
      const page = await context.newPage();
      try {
        await page.goto("/");
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));

        const hero = page.locator("section[aria-labelledby=hero-title]");
        await expect(hero.getByRole("heading", { level: 1 })).toContainText("give your agents one guarded endpoint");
        await expect(hero).toContainText("gateways that serve your agents only the definitions you approved");

        const gateways = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Gateways", exact: true }) });
        await expect(gateways).toContainText("One MCP endpoint for an agent");
        await expect(gateways).toContainText("waits in quarantine until you approve it");
        await expect(gateways).toContainText("sign in with OAuth");
        await expect(gateways).toContainText("every call is audited");

        const steps = page.getByRole("list").filter({ has: page.getByRole("heading", { name: "Connect your agent" }) });
        await expect(steps.getByRole("listitem")).toHaveCount(3);
        await expect(steps.getByRole("listitem").last()).toContainText("Put your servers behind a gateway");

        // The wide card sits within the page: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await axeViolations(page, "document")).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
