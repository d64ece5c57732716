import { expect, test } from "@playwright/test";
import { APP_NAV } from "../../lib/nav";
import { signInViaApi } from "./support";

test("the home page answers 200 with the security headers", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  const headers = res!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy policy" })).toBeVisible();
});

test("an unknown path shows the not-found page with status 404, under the site's header", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
});

test("on a phone the public header's links are in a menu, and the site has a theme switch", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open the site menu" }).click();
  const menu = page.getByRole("navigation", { name: "Site menu" });
  for (const label of ["Features", "Pricing", "Blog", "FAQ", "About"]) await expect(menu.getByRole("link", { name: label })).toBeVisible();
  await menu.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

test("the auth debug log shows only once turned on with ?debug=auth, tells the truth, and stays until hidden", async ({ page }) => {
  await signInViaApi(page, "Dee Bugger");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Auth debug log" })).toHaveCount(0);

  await page.goto("/dashboard?debug=auth");
  await page.getByRole("button", { name: "Auth debug log" }).click();
  // Signed in by the session cookie alone: signed in, with no browser identity.
  await expect(page.getByRole("list", { name: "Auth debug entries, newest first" })).toContainText('"signedIn": true');
  await page.goto("/servers");
  await expect(page.getByRole("button", { name: "Auth debug log" })).toBeVisible();
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByRole("button", { name: "Auth debug log" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Servers" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Auth debug log" })).toHaveCount(0);
});

test("\"Request Pro\" on the pricing table leads, through sign-in, to a prefilled ticket for the team's inbox", async ({ page }) => {
  await page.goto("/#pricing");
  const pro = page.getByRole("region", { name: "Pro" });
  await expect(pro).toContainText("we switch your account to Pro");
  await pro.getByRole("link", { name: "Request Pro" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsupport/);
  await signInViaApi(page, "Pro Spective");
  await page.goto("/support?category=billing&subject=" + encodeURIComponent("Please switch my account to the Pro plan"));
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("Please switch my account to the Pro plan");
});

test("a protected page without a session redirects to the login page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
});

test("the health endpoint tells an anonymous caller the service is up, and nothing of how it runs", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok" });
});

test("a signed-in user moves through the console with the sidebar, switches theme and signs out", async ({ page }) => {
  await signInViaApi(page, "Ada Lovelace");
  await page.goto("/dashboard");
  const sidebar = page.getByRole("navigation", { name: "Console", exact: true });
  for (const item of APP_NAV) {
    await sidebar.getByRole("link", { name: item.label }).click();
    await expect(page).toHaveURL(new RegExp(`${item.href}$`));
    await expect(page.getByRole("heading", { level: 1, name: item.label })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: item.label })).toHaveAttribute("aria-current", "page");
  }

  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);

  await page.getByRole("button", { name: "Account menu for Ada Lovelace" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("on a phone, the console menu replaces the sidebar and closes once a page is chosen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, "Grace Hopper");
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Console", exact: true })).toBeHidden();

  await page.getByRole("button", { name: "Open the console menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Servers" }).click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Servers" })).toBeVisible();

  // The account menu is still reachable by its name, now that the name is out of sight.
  await page.getByRole("button", { name: "Open the console menu" }).click();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Account menu for Grace Hopper" }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
});

test("Ctrl K opens the command palette from anywhere in the console: pages, settings sections, servers and gateways, by keyboard", async ({ page }) => {
  await signInViaApi(page, "Ada Lovelace");
  // Port 9 refuses at once: the server is saved, its discovery fails quickly.
  const server = await (await page.request.post("/api/servers", { data: { name: "Payments MCP", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } })).json();
  const gateway = await page.request.post("/api/gateways", { data: { name: "Coding agents" } });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const gatewayId = ((await gateway.json()) as { id: string }).id;
  await page.goto("/dashboard");

  const palette = page.getByRole("dialog", { name: "Go to" });
  const input = palette.getByRole("combobox", { name: "Go to a page, server or gateway" });
  await page.keyboard.press("Control+k");
  await expect(input).toBeFocused();
  for (const label of APP_NAV.map((p) => p.label)) await expect(palette.getByRole("option", { name: label, exact: true })).toBeAttached();

  // A server by its name, chosen with the keyboard.
  await input.fill("payments");
  await expect(palette.getByRole("option", { name: "Payments MCP", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/servers/${server.id}$`));
  await expect(palette).toBeHidden();

  // A gateway, from a text field (the shortcut works there too).
  await page.getByRole("link", { name: "All servers" }).focus();
  await page.keyboard.press("Control+k");
  await input.fill("coding");
  await expect(palette.getByRole("option", { name: "Coding agents", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(palette.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/gateways/${gatewayId}$`));

  // A section of Settings; Escape closes and gives the focus back.
  await page.getByRole("button", { name: "Go to…" }).click();
  await input.fill("api tokens");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings#api-tokens$/);
  // The section scrolled to is the one the section list marks.
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "API tokens" })).toHaveAttribute("aria-current", "location");
  await page.keyboard.press("Control+k");
  await expect(palette).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
});
