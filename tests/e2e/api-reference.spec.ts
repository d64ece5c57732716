import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme } from "./support";

/**
 * The API reference (/docs/api): rendered on the server from the OpenAPI
 * document, an operation's parameters and answers loaded from it when opened,
 * it needs nothing but the app's own origin (every other request is blocked
 * and recorded), shows the API's sections and operations, and axe finds
 * nothing in light or dark, with one operation opened and then all.
 */

for (const theme of ["light", "dark"] as const) {
  test(`the API reference renders offline and is accessible (${theme})`, async ({ page, baseURL }) => {
    // Every operation and schema of the API opened, then read by axe: the heaviest page the suite checks.
    test.slow();
    const foreign: string[] = [];
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (new URL(url).origin === new URL(baseURL!).origin) return route.continue();
      foreign.push(url);
      return route.abort("blockedbyclient");
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    // Consent given, so that its banner does not cover the footer's link (a11y.spec.ts checks the page with the banner).
    await answerCookieBanner(page);

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

    const contents = page.getByRole("navigation", { name: "API sections" });
    for (const section of ["Overview", "Servers", "Authentication", "Account and settings", "Errors"]) {
      await expect(contents.getByRole("link", { name: new RegExp(`^${section}`) })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
    }

    // One operation in full: method and path, authentication; opened, its parameters and its answer's schema.
    const getServer = page.getByRole("region", { name: "GET /api/servers/{id}", exact: true });
    await expect(getServer.getByText("Required: the session cookie")).toBeVisible();
    await expect(getServer.getByRole("heading", { name: "Parameters" })).toBeHidden();
    await getServer.getByText("Request and responses", { exact: true }).click();
    await expect(getServer.getByRole("heading", { name: "Parameters" })).toBeVisible();
    await getServer.getByText("Schema", { exact: true }).click();
    await expect(getServer.getByText("transport", { exact: true })).toBeVisible();
    await expect(getServer.getByText('"streamable-http" | "sse"')).toBeVisible();

    // The table of contents leads to the operation; the machine-readable document is one link away.
    await contents.getByRole("link", { name: /^Servers/ }).click();
    await expect(page).toHaveURL(/#tag-servers$/);
    await expect(page.getByRole("link", { name: "/api/openapi.json", exact: true })).toHaveAttribute("href", "/api/openapi.json");

    expect(await axeViolations(page, "document")).toEqual([]);
    // And with every operation and schema open: unions, nested objects and arrays of every route.
    await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await expect(page.getByText("Loading…")).toHaveCount(0);
    await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    expect(await axeViolations(page, "document")).toEqual([]);
    expect(foreign).toEqual([]);
  });
}

test("an operation that could not be loaded says so, and loads when opened again", async ({ page }) => {
  let refused = 0;
  await page.route("**/api/openapi.json", (route) => {
    refused += 1;
    return route.abort("connectionfailed");
  });
  await page.goto("/docs/api");
  const health = page.getByRole("region", { name: "GET /api/health", exact: true });
  const disclosure = health.getByText("Request and responses", { exact: true });

  await disclosure.click();
  await expect(health.getByRole("alert")).toContainText("This operation could not be loaded");
  expect(refused).toBe(1);

  await page.unroute("**/api/openapi.json");
  await disclosure.click();
  await disclosure.click();
  await expect(health.getByRole("heading", { name: "Responses" })).toBeVisible();
  await expect(health.getByRole("alert")).toHaveCount(0);
});
