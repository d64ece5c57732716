import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { startPoisonedServer, type PoisonedServer } from "../support/poisoned-server";
import { ADMIN_EMAIL, adminIdToken, answerCookieBanner, chooseTheme } from "./support";

/**
 * Every page that app/ defines, on a phone and on a desktop, in light and
 * dark: the document is never wider than the screen, no visible control is
 * covered by another element or cut off by a container that hides overflow,
 * and axe finds nothing; the same for the tour, the gateway's approve
 * dialog with a diff, its Connect tab with each client's configuration and
 * its edit dialog with the result guard's fields (which the new-gateway page
 * shows too). The list of pages is read from app/ itself, so a new
 * page is checked without anyone listing it; a new dynamic segment fails
 * until it is given real data below.
 */

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;

type Route = { pattern: string; console: boolean };

/** Every page.tsx under app/, as a URL pattern ("/servers/[id]"); route groups dropped, escaped characters decoded. */
function appRoutes(): Route[] {
  const root = path.join(process.cwd(), "app");
  const found: Route[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (entry.name === "page.tsx") {
        const url = segments.filter((s) => !/^\(.*\)$/.test(s)).map(decodeURIComponent);
        found.push({ pattern: `/${url.join("/")}`, console: segments[0] === "(app)" });
      }
    }
  };
  walk(root, []);
  // A page for any address no route matches.
  if (fs.existsSync(path.join(root, "not-found.tsx"))) found.push({ pattern: "/no-such-page", console: false });
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Real values for each dynamic segment, made in beforeAll. */
const data: Record<string, string> = {};

function fill(pattern: string): string {
  return pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const key = `${pattern.split("/[")[0]}/[${name}]`;
    const value = data[key];
    if (!value) throw new Error(`No data for ${key} (in ${pattern}): give it a real value in tests/e2e/layout.spec.ts`);
    return value;
  });
}

let everything: RunningServer;
let poisoned: PoisonedServer;
let consoleState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const routes = appRoutes();
const checked = { pages: new Set<string>(), combinations: 0 };

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  [everything, poisoned] = await Promise.all([startEverything("streamableHttp"), startPoisonedServer()]);
  // The administrator, so that the administration pages are checked too.
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  const { uid, idToken } = await adminIdToken(request);
  const session = await request.post("/api/auth/session", {
    data: { idToken, uid, email: ADMIN_EMAIL, displayName: "Ada Administrator", photoURL: null },
  });
  expect(session.status(), await session.text()).toBe(200);
  // Pro, so that every part of every page shows (status pages, alerts, exports).
  const plan = await request.patch(`/api/admin/users/${uid}`, { data: { plan: "pro" } });
  expect(plan.status(), await plan.text()).toBe(200);
  const created = await request.post("/api/servers", {
    data: { name: "Everything (layout check)", transport: "streamable-http", url: `${everything.origin}/mcp`, description: "A server with a long description, so that lines have to wrap on a phone screen and do not widen the page." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const server = (await created.json()) as { id: string };
  data["/servers/[id]"] = server.id;
  // A second server whose tool changes after the gateway approved it: the approve dialog, with its diff, is checked too.
  const changing = await request.post("/api/servers", { data: { name: "Mail (layout check)", transport: "streamable-http", url: poisoned.url } });
  expect(changing.status(), await changing.text()).toBe(201);
  const changingId = ((await changing.json()) as { id: string }).id;
  const gateway = await request.post("/api/gateways", { data: { name: "Layout check gateway", servers: [{ serverId: server.id }, { serverId: changingId, prefix: "mail" }] } });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const { id: gatewayId, slug: gatewaySlug } = (await gateway.json()) as { id: string; slug: string };
  data["/gateways/[id]"] = gatewayId;
  poisoned.state.tools.find((t) => t.name === "get_weather")!.description = "Returns the current weather and a three-day forecast for a city.";
  const rediscovered = await request.post(`/api/servers/${changingId}/discover`);
  expect(rediscovered.status(), await rediscovered.text()).toBe(200);
  // An MCP client's sign-in request for that gateway, waiting on its consent page.
  const client = await request.post("/oauth/register", { data: { client_name: "Layout check agent", redirect_uris: ["http://127.0.0.1:7777/callback"], token_endpoint_auth_method: "none" } });
  expect(client.status(), await client.text()).toBe(201);
  const { client_id } = (await client.json()) as { client_id: string };
  const query = new URLSearchParams({ response_type: "code", client_id, redirect_uri: "http://127.0.0.1:7777/callback", code_challenge: "c".repeat(43), code_challenge_method: "S256", resource: `${baseURL}/mcp/${gatewaySlug}` });
  const asked = await request.get(`/oauth/authorize?${query}`, { maxRedirects: 0 });
  expect(asked.status()).toBe(302);
  data["/gateways/authorize/[id]"] = asked.headers().location.split("/").pop()!;
  const slug = `layout-${Date.now().toString(36)}`;
  const statusPage = await request.post("/api/status-pages", { data: { slug, title: "Layout check status", serverIds: [server.id], showUrls: true } });
  expect(statusPage.status(), await statusPage.text()).toBe(201);
  data["/status/[slug]"] = slug;
  data["/blog/[slug]"] = fs.readdirSync(path.join(process.cwd(), "content", "blog")).filter((f) => f.endsWith(".md"))[0].replace(/\.md$/, "");
  consoleState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await Promise.all([everything?.stop(), poisoned?.stop()]);
});

async function newContext(browser: Browser, baseURL: string | undefined, width: (typeof WIDTHS)[number], theme: string, signedIn: boolean) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: width.width, height: width.height },
    isMobile: width.name === "phone",
    hasTouch: width.name === "phone",
    colorScheme: theme === "dark" ? "dark" : "light",
    reducedMotion: "reduce",
    storageState: signedIn ? consoleState : undefined,
  });
  await chooseTheme(context, theme);
  // Essential cookies only: the banner is answered and the floating button shows (and is checked with the rest).
  await answerCookieBanner(context, { functional: false });
  return context;
}

/** What is wrong with the page as it stands: overflow, covered or clipped controls. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`document is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px viewport`);
    // A dialog scrolls up and down when it is long, never sideways: wider content is cut off at its edge.
    for (const dialog of document.querySelectorAll("[role=dialog], [role=alertdialog]")) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`dialog "${dialog.getAttribute("aria-label") ?? dialog.querySelector("h2")?.textContent}" has content ${dialog.scrollWidth} px wide in ${dialog.clientWidth} px`);
    }

    const describe = (el: Element) => {
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${name}"`;
    };
    const interactive = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=menuitem], [role=combobox], [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => {
      if (el.closest("[inert], [aria-hidden=true]")) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (getComputedStyle(el).pointerEvents === "none") return false;
      const r = el.getBoundingClientRect();
      // Visually hidden (the skip link until focused, native inputs behind a styled control).
      return r.width >= 2 && r.height >= 2;
    });

    // Cut off by an ancestor that hides what overflows it (checked before
    // anything is scrolled: scrolling would move such ancestors too).
    for (const el of interactive) {
      const r = el.getBoundingClientRect();
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (!/hidden|clip/.test(style.overflowX + style.overflowY)) continue;
        const box = a.getBoundingClientRect();
        const outX = /hidden|clip/.test(style.overflowX) && (r.left < box.left - 1 || r.right > box.right + 1);
        const outY = /hidden|clip/.test(style.overflowY) && (r.top < box.top - 1 || r.bottom > box.bottom + 1);
        if (outX || outY) {
          problems.push(`${describe(el)} is clipped by its container ${describe(a).split(">")[0]}>`);
          break;
        }
      }
    }

    // Covered at its centre, once it is in view as far as the page lets it be.
    for (const el of interactive) {
      el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      // A link that wraps onto a second line: the centre of its first line is on it, the centre of its box may not be.
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // In a container that scrolls sideways (a wide table), out of the screen: reachable by scrolling that container.
      if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit)) continue;
      // A label in front of its own control is the control.
      if (hit instanceof HTMLLabelElement && hit.control === el) continue;
      problems.push(`${describe(el)} is covered by ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return problems;
  });
}

/**
 * The page once it has its data: no skeletons or loading spinner left (a dynamic page streams its
 * loading.tsx first, and React reveals what replaces it a moment later), its title in (Next streams
 * a dynamic page's metadata), fonts in.
 */
async function settle(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('[data-slot="skeleton"], [data-slot="spinner"]'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/** The product tour (a dialog over the home page, `/?demo=open`), each of its steps. */
async function tourProblems(page: Page, where: string): Promise<string[]> {
  await page.goto("/?demo=open");
  const dialog = page.getByRole("dialog", { name: "A tour of MCP Console" });
  await expect(dialog).toBeVisible();
  const problems: string[] = [];
  for (let step = 1; ; step++) {
    await settle(page);
    const found = [...(await layoutProblems(page)), ...(await axeViolations(page, "document"))];
    problems.push(...found.map((problem) => `/?demo=open step ${step} (${where}): ${problem}`));
    const next = dialog.getByRole("button", { name: /Next/ });
    if ((await next.count()) === 0) return problems;
    await next.click();
  }
}

/** The gateway's approve dialog, showing a changed definition beside the approved one. */
async function approveDialogProblems(page: Page, where: string): Promise<string[]> {
  const url = fill("/gateways/[id]");
  await page.goto(url);
  await page.getByRole("button", { name: "Approve mail__get_weather" }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("alertdialog", { name: "Approve the change to mail__get_weather?" });
  await expect(dialog.locator("ins").first()).toBeVisible();
  await settle(page);
  const found = [...(await layoutProblems(page)), ...(await axeViolations(page, "document"))];
  await page.keyboard.press("Escape");
  return found.map((problem) => `${url} approve dialog (${where}): ${problem}`);
}

/** The gateway's Connect tab, with each client's sign-in configuration in turn, and a fresh token's configuration. */
async function connectTabProblems(page: Page, where: string): Promise<string[]> {
  const url = `${fill("/gateways/[id]")}?tab=connect`;
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Sign in from your client" })).toBeVisible();
  const found: string[] = [];
  for (const client of ["Claude Code", "Cursor", "VS Code", "Other"]) {
    await page.getByRole("tablist", { name: "Client to sign in from" }).getByRole("tab", { name: client }).click();
    await settle(page);
    found.push(...[...(await layoutProblems(page)), ...(await axeViolations(page, "document"))].map((problem) => `${client}: ${problem}`));
  }
  return found.map((problem) => `${url} (${where}): ${problem}`);
}

/** The gateway's edit dialog, whose policy fields include what the result guard does with each kind of finding. */
async function editDialogProblems(page: Page, where: string): Promise<string[]> {
  const url = fill("/gateways/[id]");
  await page.goto(url);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Layout check gateway" });
  await expect(dialog.getByLabel("Secrets in results")).toBeVisible();
  await settle(page);
  const found = [...(await layoutProblems(page)), ...(await axeViolations(page, "document"))];
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  return found.map((problem) => `${url} edit dialog (${where}): ${problem}`);
}

/*
 * One test over every combination, so that the closing count is one line
 * for the whole check; each width and theme gets its own browser context
 * (signed out for the public pages, with the administrator's saved session
 * for the console), reused from page to page.
 */
test("every page at 390 and 1440 px, light and dark: fits, nothing covered or clipped, no axe violations", async ({ browser, baseURL }) => {
  test.setTimeout(1_200_000);
  const failures: string[] = [];
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      for (const signedIn of [false, true]) {
        const context = await newContext(browser, baseURL, width, theme, signedIn);
        const page = await context.newPage();
        for (const route of routes.filter((r) => r.console === signedIn)) {
          const url = fill(route.pattern);
          await page.goto(url);
          await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await settle(page);
          // The new-gateway form shows the result guard's fields, which the checks below cover with the rest of the page.
          if (route.pattern === "/gateways/new") await expect(page.getByLabel("Secrets in results")).toBeVisible();
          const found = [...(await layoutProblems(page)), ...(await axeViolations(page, "document"))];
          failures.push(...found.map((problem) => `${url} (${width.width} px, ${theme}): ${problem}`));
          checked.pages.add(route.pattern);
          checked.combinations += 1;
        }
        if (!signedIn) failures.push(...(await tourProblems(page, `${width.width} px, ${theme}`)));
        else {
          const where = `${width.width} px, ${theme}`;
          failures.push(...(await approveDialogProblems(page, where)), ...(await connectTabProblems(page, where)), ...(await editDialogProblems(page, where)));
        }
        await context.close();
      }
    }
  }
  console.log(`layout check: ${checked.pages.size} pages × ${WIDTHS.length} widths × ${THEMES.length} themes = ${checked.combinations} combinations`);
  expect(failures).toEqual([]);
});
