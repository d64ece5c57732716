import { expect, test, type Page } from "@playwright/test";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { chooseTheme, signInViaApi } from "./support";

/**
 * The Content-Security-Policy in a real browser: pages rendered per request
 * run only scripts carrying their nonce (and what those load), prerendered
 * pages only their own inline scripts, by hash; either way nothing the app
 * itself needs is refused, the theme script runs before the first paint, and
 * the page works.
 */

let everything: RunningServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});

test.afterAll(async () => {
  await everything?.stop();
});

/** Collects every CSP violation the page reports, across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding("reportCspViolation", (_, text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
    });
  });
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(`console: ${m.text()}`);
  });
  return violations;
}

function scriptSources(policy: string | undefined): string[] {
  return (policy ?? "").split("; ").find((d) => d.startsWith("script-src "))?.split(" ").slice(1) ?? [];
}

/** Opens a page and returns its policy's script sources. */
async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  return scriptSources(res!.headers()["content-security-policy"]);
}

async function chooseDarkTheme(page: Page) {
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
}

test("the console runs under a per-request nonce with nothing refused, and its scripts work", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInViaApi(page, "Nonce Tester");
  const created = await page.request.post("/api/servers", { data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const nonces = new Set<string>();
  for (const [path, heading] of [
    ["/dashboard", "Dashboard"],
    ["/servers", "Servers"],
    [`/servers/${id}`, "Everything"],
  ] as const) {
    const scripts = await open(page, path);
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    nonces.add(scripts.find((s) => s.startsWith("'nonce-"))!);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  expect(nonces.size).toBe(3);

  // Scripts ran: the theme menu opens and switches the theme.
  await chooseDarkTheme(page);

  // The workbench shows a tool's image (a data: URL) without a refusal.
  await open(page, `/workbench?server=${id}`);
  await page.getByRole("list", { name: "Tools" }).getByRole("button", { name: /^get-tiny-image(?![\w-])/ }).click();
  await page.getByRole("button", { name: "Run tool" }).click();
  const output = page.getByRole("region", { name: "Call of get-tiny-image" });
  await expect(output.getByRole("img", { name: /^Image content \(image\/png/ })).toBeVisible({ timeout: 20_000 });
  await expect(output.getByRole("img", { name: /^Image content/ })).toHaveJSProperty("complete", true);

  expect(violations).toEqual([]);
});

test("sign-in and a missing status page run under a nonce with nothing refused", async ({ page }) => {
  const violations = await watchViolations(page);
  const scripts = await open(page, "/auth/login");
  expect(scripts.some((s) => s.startsWith("'nonce-"))).toBe(true);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  const res = await page.goto("/status/no-such-status-page");
  expect(res?.status()).toBe(404);
  expect(scriptSources(res!.headers()["content-security-policy"])).toContain("'strict-dynamic'");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await chooseDarkTheme(page);
  expect(violations).toEqual([]);
});

test("CSP on prerendered pages: only their own inline scripts run (hashes, no 'unsafe-inline'), with nothing refused", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/blog", "/faq"]) {
    const res = await page.goto(path);
    const scripts = scriptSources(res!.headers()["content-security-policy"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).toContain("'self'");
    expect(scripts.some((s) => s.startsWith("'sha256-"))).toBe(true);
  }
  // The API reference renders per request in the public site's layout: a nonce, and its layout's scripts by hash.
  const reference = scriptSources((await page.goto("/docs/api"))!.headers()["content-security-policy"]);
  expect(reference).toContain("'strict-dynamic'");
  expect(reference).not.toContain("'unsafe-inline'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // What a markup injection would try on a prerendered page: an inline event handler.
  await page.goto("/");
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="document.documentElement.dataset.injected='ran'">`);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-injected", "ran");
  violations.length = 0;

  await page.goto("/");
  await chooseDarkTheme(page);
  // Into a page rendered per request without reloading: the document keeps this policy, the theme stays.
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  // An address under the console that no route serves: the prerendered not-found page, without a nonce.
  await signInViaApi(page, "Lost Lou");
  const missing = await page.goto("/dashboard/no-such-page");
  expect(missing?.status()).toBe(404);
  expect(scriptSources(missing!.headers()["content-security-policy"])).not.toContain("'unsafe-inline'");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("an inline handler injected into a console page does not run", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInViaApi(page, "Injected Ivy");
  await open(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // What a markup injection would try: an inline event handler.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="document.documentElement.dataset.injected='ran'">`);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join("\n")).toContain("script-src");
  await expect(page.locator("html")).not.toHaveAttribute("data-injected", "ran");
});

for (const path of ["/dashboard", "/"]) {
  test(`a stored dark theme applies before any Next.js script runs on ${path} (no flash of the light theme)`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: "light" });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    if (path !== "/") await signInViaApi(page, "Dark Dora");
    await chooseTheme(page, "dark");
    // Without its chunks the app never hydrates: only the inline theme script can set the class.
    await page.route("**/_next/static/chunks/**", (route) => route.abort());
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(violations).toEqual([]);
    await context.close();
  });
}
