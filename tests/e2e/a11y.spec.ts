import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { chooseTheme } from "./support";

/**
 * axe-core with the consent banner showing, in the light and the dark theme;
 * on every blog post (their Markdown differs: tables, code, quotes); and on
 * the dialogs (cookie preferences, product tour) open. Every page as such, at
 * both widths and in both themes, is checked by layout.spec.ts.
 */
const PAGES = [
  "/",
  "/blog/remote-mcp-transports-and-health-checks",
  "/blog/tool-poisoning-and-rug-pulls",
  "/blog/securing-auth-headers-and-ssrf",
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await chooseTheme(page, theme);
    });

    for (const pagePath of PAGES) {
      test(`${pagePath} has no axe violations`, async ({ page }) => {
        await page.goto(pagePath);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
        await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
        expect(await axeViolations(page, "document")).toEqual([]);
      });
    }

    test("the customized banner, the floating button and the cookie-preferences dialog have no axe violations", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Customize" }).click();
      await expect(page.getByRole("switch", { name: "Analytics" })).toBeVisible();
      expect(await axeViolations(page, "document")).toEqual([]);

      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("button", { name: /^Cookie preferences:/ })).toBeVisible();
      expect(await axeViolations(page, "document")).toEqual([]);

      await page.getByRole("button", { name: /^Cookie preferences:/ }).click();
      await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
      expect(await axeViolations(page, "document")).toEqual([]);
    });

    test("the product tour has no axe violations on any step", async ({ page }) => {
      await page.goto("/?demo=open");
      const dialog = page.getByRole("dialog", { name: "A tour of MCP Console" });
      await expect(dialog).toBeVisible();
      for (;;) {
        expect(await axeViolations(page, "document")).toEqual([]);
        const next = dialog.getByRole("button", { name: /Next/ });
        if ((await next.count()) === 0) break;
        await next.click();
      }
    });

    test("the contact form showing its errors has no axe violations", async ({ page }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Enter your name.")).toBeVisible();
      expect(await axeViolations(page, "document")).toEqual([]);
    });
  });
}
