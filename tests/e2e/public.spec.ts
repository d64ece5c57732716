import { expect, test, type Page } from "@playwright/test";

const PAGES = ["/", "/get-started", "/faq", "/about", "/contact", "/privacy-policy", "/terms-of-service", "/cookies-policy", "/blog"];

const tourDialog = (page: Page) => page.getByRole("dialog", { name: "A tour of MCP Console" });

async function firstPostPath(page: Page) {
  await page.goto("/blog");
  const href = await page.getByRole("main").getByRole("article").first().getByRole("link").getAttribute("href");
  return href!;
}

test.describe("public pages", () => {
  test("each has a title, a description, a canonical URL, Open Graph and Twitter metadata, and one h1", async ({ page }) => {
    const pages = [...PAGES, await firstPostPath(page)];
    const titles = new Set<string>();
    for (const path of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      const title = await page.title();
      expect(title.length, path).toBeGreaterThan(10);
      titles.add(title);
      const head = page.locator("head");
      expect(await head.locator('meta[name="description"]').getAttribute("content"), path).toBeTruthy();
      const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname, path).toBe(path);
      for (const selector of ['meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:url"]', 'meta[name="twitter:card"]']) {
        await expect(head.locator(selector), `${path} ${selector}`).toHaveCount(1);
      }
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
      await expect(page.getByRole("main"), path).toHaveCount(1);
    }
    expect(titles.size).toBe(pages.length);
  });

  test("the landing page shows the capabilities, the plans from the plans table and the FAQ teaser", async ({ page }) => {
    await page.goto("/");
    for (const name of ["Workbench", "Monitoring", "Security scanner", "Activity log"]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    const pricing = page.locator("#pricing");
    for (const plan of ["Free", "Pro", "Enterprise"]) await expect(pricing.getByRole("region", { name: plan })).toBeVisible();
    await page.getByText("What does MCP Console do with my servers?").click();
    await expect(page.getByText(/You register the remote MCP servers you rely on/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a free account" }).first()).toHaveAttribute("href", "/auth/register");
  });

  test("the site has an icon, and no public page logs an error on a visitor's first load", async ({ browser, baseURL, page, request }) => {
    test.slow(); // thirteen pages, each in a browser context of its own
    for (const path of ["/favicon.ico", "/icon.svg"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toMatch(/^image\//);
    }

    const pages = [...PAGES, await firstPostPath(page), "/docs/api", "/auth/login", "/auth/register"];
    const errors: string[] = [];
    for (const path of pages) {
      // A first visit: a browser context with nothing cached, not even the icon.
      const context = await browser.newContext({ baseURL });
      const visitor = await context.newPage();
      visitor.on("console", (m) => {
        if (m.type() === "error") errors.push(`${path}: ${m.text()} (${m.location().url})`);
      });
      visitor.on("pageerror", (e) => errors.push(`${path}: ${e.message}`));
      await visitor.goto(path);
      // The icon, the consent banner's idle-time chunk and the identity SDK's first calls come after the load event.
      await visitor.waitForLoadState("networkidle");
      await expect(visitor.getByRole("region", { name: "Cookie consent" }), path).toBeVisible();
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  test("each shows its content without JavaScript, with no loading spinner in its place", async ({ browser, baseURL, page }) => {
    const pages = [...PAGES, await firstPostPath(page), "/docs/api"];
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const visitor = await context.newPage();
    for (const path of pages) {
      await visitor.goto(path);
      await expect(visitor.getByRole("main").getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(visitor.getByRole("status", { name: "Loading" }), path).toHaveCount(0);
    }
    await context.close();
  });
});

test.describe("the product tour", () => {
  test("opens from /?demo=open, walks through its steps, and drops the flag from the URL when closed", async ({ page }) => {
    await page.goto("/?demo=open");
    const dialog = tourDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Step 1 of \d/);
    await dialog.getByRole("button", { name: /Next/ }).click();
    await expect(dialog.getByRole("heading", { level: 3, name: "Exercise it in the workbench" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Step 2:/ })).toHaveAttribute("aria-current", "step");
    await dialog.getByRole("button", { name: /Previous/ }).click();
    await expect(dialog.getByRole("heading", { level: 3, name: "Register a server" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("/in-action redirects on the server to /?demo=open", async ({ page, request }) => {
    const res = await request.get("/in-action", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toBe("/?demo=open");

    await page.goto("/in-action");
    await expect(page).toHaveURL(/\/\?demo=open$/);
    await expect(tourDialog(page)).toBeVisible();
    await tourDialog(page).getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the landing page's tour link opens it without leaving the page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Take the product tour" }).click();
    await expect(tourDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\?demo=open$/);
  });
});

test.describe("get started", () => {
  test("has one call to action, which carries the campaign's utm parameters to registration", async ({ page }) => {
    await page.goto("/get-started?utm_source=newsletter&utm_medium=email&ref=ignored");
    const cta = page.getByRole("main").getByRole("link", { name: "Create your free account" });
    await expect(cta).toHaveAttribute("href", "/auth/register?utm_source=newsletter&utm_medium=email");
    await expect(page.getByRole("main").getByRole("link")).toHaveCount(1);
  });
});

test.describe("contact", () => {
  test("shows clear errors on the fields that are wrong", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Email").fill("ada@");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name")).toBeFocused();
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByText(/Enter a valid email address/)).toBeVisible();
    await expect(page.getByText(/at least 10 characters/).first()).toBeVisible();
  });

  test("sends a message and confirms it", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByRole("textbox", { name: "Subject" }).fill("Enterprise plan");
    await page.getByLabel("Message", { exact: true }).fill("We run forty MCP servers and would like to talk.");
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await response).status()).toBe(201);
    await expect(page.getByRole("heading", { name: /your message has been sent/ })).toBeFocused();
    await expect(page.getByText("ada@example.com")).toBeVisible();
  });

  test("a filled honeypot gets the same confirmation", async ({ page }) => {
    await page.goto("/contact");
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    // Filled once React has hydrated the form: a value typed while it hydrates was seen lost once in a full run
    // (not reproduced since), and what is tested here is the server's answer to a filled honeypot.
    await page.waitForFunction(() => Object.keys(document.querySelector("form")!).some((key) => key.startsWith("__reactProps")));
    await honeypot.fill("https://spam.example", { force: true });
    await page.getByLabel("Name").fill("Bot");
    await page.getByLabel("Email").fill("bot@example.com");
    await page.getByRole("textbox", { name: "Subject" }).fill("Cheap pills");
    await page.getByLabel("Message", { exact: true }).fill("Buy now, limited offer, click here.");
    const request = page.waitForRequest((r) => r.url().endsWith("/api/contact"));
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await request).postDataJSON()).toMatchObject({ website: "https://spam.example" });
    await expect(page.getByRole("heading", { name: /your message has been sent/ })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("lists the posts newest first with their tags, and shows a post with highlighted code", async ({ page }) => {
    await page.goto("/blog");
    const articles = page.getByRole("main").getByRole("article");
    // React reveals a streamed page's content a moment after the load event: wait for it before counting.
    await expect(articles.first()).toBeVisible();
    expect(await articles.count()).toBeGreaterThanOrEqual(3);
    const dates = await articles.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(articles.first().getByRole("list", { name: "Tags" }).getByRole("listitem").first()).toBeVisible();

    const title = (await articles.first().getByRole("heading", { level: 2 }).textContent())!;
    await articles.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".post-body pre code .hljs-keyword").first()).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/blog");
  });

  test("an unknown post is the not-found page with status 404", async ({ page }) => {
    const res = await page.goto("/blog/no-such-post");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the RSS feed lists every post", async ({ page, request }) => {
    await page.goto("/blog");
    const titles = await page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    const res = await request.get("/blog/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(titles.length);
    for (const title of titles) expect(xml).toContain(title);
  });
});

test.describe("search engines", () => {
  test("sitemap.xml lists every public page and every post", async ({ page, request }) => {
    await page.goto("/blog");
    const posts = await page.getByRole("main").getByRole("article").getByRole("link").evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
    const xml = await (await request.get("/sitemap.xml")).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
    expect(paths).toEqual(expect.arrayContaining([...PAGES, ...posts]));
    expect(paths.some((p) => p.startsWith("/dashboard") || p.startsWith("/api"))).toBe(false);
  });

  test("robots.txt keeps crawlers out of the console and the API and names the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const path of ["/dashboard", "/servers", "/workbench", "/settings", "/support", "/activity", "/api/"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    expect(text).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });
});
