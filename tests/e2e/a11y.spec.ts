import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";

/**
 * axe-core on every public page, in the light and the dark theme, with the
 * consent banner showing; and on the dialogs (cookie preferences, product
 * tour) open.
 */
const PAGES = [
  "/",
  "/get-started",
  "/faq",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookies-policy",
  "/docs/api",
  "/blog",
  "/blog/remote-mcp-transports-and-health-checks",
  "/blog/tool-poisoning-and-rug-pulls",
  "/blog/securing-auth-headers-and-ssrf",
  "/no-such-page",
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
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
