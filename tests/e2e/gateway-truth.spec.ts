import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { PLANS } from "../../lib/plans/table";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme, setPlanAsAdmin, signInViaApi } from "./support";
import { startPoisonedServer, type PoisonedServer } from "../support/poisoned-server";

/**
 * What the console says of a gateway without being asked: the gateways list
 * and the dashboard flag one that keeps items from its agents (blocked by a
 * finding, quarantined until approved), the plan card counts the day's
 * gateway calls against the limit, and the consent page marks an app's
 * self-chosen name as unverified and names where the answer goes. Each at
 * 390 and 1440 px, light and dark, with axe, the page no wider than the screen.
 */

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;
/** Where the screenshots go, when asked for (E2E_SHOTS_DIR): to look at, not to compare. */
const SHOTS = process.env.E2E_SHOTS_DIR;

let poisoned: PoisonedServer;
test.beforeAll(async () => {
  poisoned = await startPoisonedServer();
});
test.afterAll(async () => {
  await poisoned?.stop();
});

async function contextAt(browser: Browser, baseURL: string | undefined, state: Awaited<ReturnType<BrowserContext["storageState"]>>, width: (typeof WIDTHS)[number], theme: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: width.width, height: width.height },
    isMobile: width.name === "phone",
    hasTouch: width.name === "phone",
    colorScheme: theme === "dark" ? "dark" : "light",
    reducedMotion: "reduce",
    storageState: state,
  });
  await chooseTheme(context, theme);
  await answerCookieBanner(context, { functional: false });
  return context;
}

/** Axe's findings and a page wider than the screen, and a screenshot when asked for. */
async function problems(page: Page, name: string): Promise<string[]> {
  await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
  const found = await axeViolations(page, "document");
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (wide > 0) found.push(`the page is ${wide} px wider than the screen`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  return found.map((p) => `${name}: ${p}`);
}

test("the gateways list and the dashboard flag a gateway that holds items, and the plan card counts its calls of the day", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const account = await signInViaApi(page, "Hana Held");
  // The scanner's every rule, so that the poisoned server's tools are blocked by their findings.
  await setPlanAsAdmin(baseURL!, account.uid, "pro");
  const server = await page.request.post("/api/servers", { data: { name: "Mail helpers", transport: "streamable-http", url: poisoned.url } });
  expect(server.status(), await server.text()).toBe(201);
  const serverId = ((await server.json()) as { id: string }).id;
  const made = await page.request.post("/api/gateways", { data: { name: "Held back", servers: [{ serverId, prefix: "mail" }] } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: gatewayId, url } = (await made.json()) as { id: string; url: string };
  const clean = await page.request.post("/api/gateways", { data: { name: "Nothing held" } });
  expect(clean.status(), await clean.text()).toBe(201);

  // Two calls of an agent, with a token for the gateway: the plan card counts them.
  const token = await page.request.post("/api/user/tokens", { data: { name: "held agent", scope: "gateway" } });
  expect(token.status(), await token.text()).toBe(201);
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const agent = new Client({ name: "held-agent", version: "1.0.0" });
  await agent.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` } } }));
  for (const city of ["Lisbon", "Porto"]) await agent.callTool({ name: "mail__get_weather", arguments: { city } });
  await agent.close();

  const view = (await (await page.request.get(`/api/gateways/${gatewayId}/view`)).json()) as { items: { hidden: { kind: string } | null }[] };
  const blocked = view.items.filter((i) => i.hidden?.kind === "blocked").length;
  expect(blocked).toBeGreaterThan(0);

  const state = await page.context().storageState();
  const failures: string[] = [];
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const context = await contextAt(browser, baseURL, state, width, theme);
      const at = await context.newPage();
      const where = `${width.width}-${theme}`;

      await at.goto("/gateways");
      const flag = at.getByRole("link", { name: `${blocked} blocked in Held back: review what its agents do not get` });
      await expect(flag).toBeVisible();
      await expect(flag).toHaveAttribute("href", `/gateways/${gatewayId}`);
      // The gateway that holds nothing carries no flag.
      await expect(at.getByRole("link", { name: /in Nothing held: review/ })).toHaveCount(0);
      failures.push(...(await problems(at, `gateways-${where}`)));

      await at.goto("/dashboard");
      await expect(at.getByRole("link", { name: "1 gateway holds blocked or quarantined items" })).toHaveAttribute("href", "/gateways");
      failures.push(...(await problems(at, `dashboard-${where}`)));

      await at.goto("/settings#plan");
      const meter = at.getByRole("meter", { name: "Gateway calls today" });
      await expect(meter).toHaveAttribute("aria-valuenow", "2");
      await expect(meter).toHaveAttribute("aria-valuemax", String(PLANS.pro.gatewayCallsPerDay));
      await expect(at.getByText(`2 of ${PLANS.pro.gatewayCallsPerDay.toLocaleString("en-US")}`)).toBeVisible();
      failures.push(...(await problems(at, `plan-${where}`)));
      await context.close();
    }
  }
  expect(failures).toEqual([]);
});

test("the consent page marks the app's own name as unverified and names where the answer goes", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, "Vera Verify");
  const made = await page.request.post("/api/gateways", { data: { name: "Consent check" } });
  expect(made.status(), await made.text()).toBe(201);
  const { slug } = (await made.json()) as { slug: string };
  // An app that calls itself what a trusted one is called: nothing stops it.
  const client = await page.request.post("/oauth/register", { data: { client_name: "Claude Code", redirect_uris: ["http://127.0.0.1:7777/callback"], token_endpoint_auth_method: "none" } });
  expect(client.status(), await client.text()).toBe(201);
  const { client_id } = (await client.json()) as { client_id: string };
  const query = new URLSearchParams({ response_type: "code", client_id, redirect_uri: "http://127.0.0.1:7777/callback", code_challenge: "c".repeat(43), code_challenge_method: "S256", resource: `${baseURL}/mcp/${slug}` });
  const asked = await page.request.get(`/oauth/authorize?${query}`, { maxRedirects: 0 });
  expect(asked.status()).toBe(302);
  const consent = new URL(asked.headers().location, baseURL).pathname;

  const state = await page.context().storageState();
  const failures: string[] = [];
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const context = await contextAt(browser, baseURL, state, width, theme);
      const at = await context.newPage();
      await at.goto(consent);
      await expect(at.getByRole("heading", { name: "Allow Claude Code to use your gateway?" })).toBeVisible();
      await expect(at.getByText("Unverified name", { exact: true })).toBeVisible();
      const note = at.getByRole("note", { name: "About this app's name" });
      await expect(note).toContainText("“Claude Code” is the name the app gave itself when it registered; the console cannot confirm it.");
      await expect(note).toContainText("What you can check: your answer goes to 127.0.0.1:7777, an app on this computer.");
      await expect(at.getByRole("button", { name: "Allow Claude Code" })).toBeVisible();
      failures.push(...(await problems(at, `consent-${width.width}-${theme}`)));
      await context.close();
    }
  }
  expect(failures).toEqual([]);
});
