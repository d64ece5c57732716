import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { CONSOLE_CLIENT_CAPABILITIES, startEverything, type RunningServer } from "../support/mcp-server";
import sharp from "sharp";
import { chooseTheme, signInViaApi } from "./support";

/**
 * The servers screens against a real MCP server: server-everything on a free
 * loopback port with a clean environment (the e2e app runs in local mode, so
 * loopback is allowed).
 */

let everything: RunningServer;
/** What the server says about itself, asked directly with the SDK, to compare the screens with. */
let truth: { name: string; title?: string; version: string; tools: { name: string; title?: string; description?: string }[]; prompts: number };

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const client = new Client({ name: "e2e-check", version: "1.0.0" }, { capabilities: CONSOLE_CLIENT_CAPABILITIES });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${everything.origin}/mcp`)));
  const info = client.getServerVersion()!;
  const { tools } = await client.listTools();
  const { prompts } = await client.listPrompts();
  await client.close();
  truth = { name: info.name, title: info.title, version: info.version, tools, prompts: prompts.length };
});

test.afterAll(async () => {
  await everything?.stop();
});

/** The value under a `<dt>` label inside `scope`. */
function definition(scope: Locator, label: string): Locator {
  return scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

async function createViaApi(page: Page, name: string, tags: string[]) {
  // Port 9 (discard) refuses at once: the server is saved, its discovery fails quickly.
  const res = await page.request.post("/api/servers", { data: { name, transport: "streamable-http", url: "http://127.0.0.1:9/mcp", tags } });
  expect(res.status(), await res.text()).toBe(201);
}

test("add a real server through the form, test it, see it everywhere, explore, edit and delete it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, "Ada Lovelace");

  // A new user starts from the empty list.
  await page.goto("/servers");
  await expect(page.getByRole("heading", { name: "No servers yet" })).toBeVisible();
  await page.getByRole("link", { name: "Add your first server" }).click();
  await expect(page).toHaveURL(/\/servers\/new$/);

  await page.getByRole("textbox", { name: "Name" }).fill("Everything (e2e)");
  await page.getByRole("textbox", { name: "URL" }).fill(`${everything.origin}/mcp`);
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByRole("combobox", { name: "Name of header 1" }).fill("X-Trace");
  const headerValue = page.getByLabel("Value of X-Trace", { exact: true });
  await expect(headerValue).toHaveAttribute("type", "password");
  await headerValue.fill("first-value-abcd");
  await page.getByRole("textbox", { name: "Tags" }).fill("local");
  await page.getByRole("textbox", { name: "Tags" }).press("Enter");
  await expect(page.getByRole("button", { name: "Remove tag local" })).toBeVisible();

  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.getByRole("region", { name: "Connection test result" });
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(definition(result, "Server name")).toHaveText(truth.name);
  await expect(definition(result, "Version")).toHaveText(truth.version);
  if (truth.title) await expect(definition(result, "Title")).toHaveText(truth.title);
  await expect(definition(result, "Protocol version")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(result.getByRole("list", { name: "Capabilities" })).toContainText("tools");
  const shownTools = Number(await definition(result, "Tools").textContent());
  expect(shownTools).toBeGreaterThan(0);
  expect(shownTools).toBe(truth.tools.length);

  await page.getByRole("button", { name: "Save server" }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/);
  const serverUrl = page.url();
  const apiAnswer = await page.request.get(serverUrl.replace("/servers/", "/api/servers/"));
  expect(await apiAnswer.text()).not.toContain("first-value-abcd");
  await expect(page.getByRole("heading", { level: 1, name: "Everything (e2e)" })).toBeVisible();
  await expect(definition(page.getByRole("tabpanel"), "Tools")).toHaveText(String(truth.tools.length));
  await expect(definition(page.getByRole("tabpanel"), "Name")).toHaveText(truth.name);
  // The revision it negotiated: not pinned.
  await expect(definition(page.getByRole("tabpanel"), "Protocol revision")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  // Ready for another client, without the header's value.
  const config = page.getByLabel("Client configuration");
  await expect(config).toContainText(`"url": "${everything.origin}/mcp"`);
  await expect(config).toContainText('"X-Trace": "${X_TRACE}"');
  await expect(config).not.toContainText("first-value-abcd");
  await page.getByRole("button", { name: "Refresh inventory" }).click();
  await expect(page.getByText("Inventory refreshed", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Refresh inventory" })).toBeEnabled();

  // The list shows it with its tool count and tag.
  await page.getByRole("link", { name: "All servers" }).click();
  await expect(page).toHaveURL(/\/servers$/);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Everything (e2e)" }) });
  await expect(row).toBeVisible();
  // The Tools column, after the status, the latest checks, the uptime and the latency.
  await expect(row.getByRole("cell").nth(5)).toHaveText(String(truth.tools.length));
  await expect(row.getByRole("list", { name: "Tags" })).toHaveText("local");
  await expect(page.getByText("1 of 3 servers used")).toBeVisible();

  // The dashboard counts it, lists its creation and ticks the first onboarding step.
  await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const servers = page.locator("[data-slot=card]").filter({ has: page.getByRole("link", { name: "Servers", exact: true }) });
  await expect(servers.getByText("1", { exact: true })).toBeVisible();
  const tools = page.locator("[data-slot=card]").filter({ has: page.getByRole("link", { name: "Tools", exact: true }) });
  await expect(tools.getByText(String(truth.tools.length), { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Servers by status" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Onboarding checklist" }).getByRole("link", { name: /Add a server.*\(done\)/ })).toBeVisible();
  const added = page.getByRole("list", { name: "Recent activity" }).getByRole("link", { name: /Server created.*Everything \(e2e\)/ });
  await expect(added).toBeVisible();

  // Its inventory, opened from the activity entry, with a tool's input schema.
  await added.click();
  await expect(page).toHaveURL(serverUrl);
  await page.getByRole("tab", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\?tab=inventory$/);
  await expect(page.getByRole("tab", { name: new RegExp(`^Tools\\s*${truth.tools.length}$`) })).toBeVisible();
  const toolList = page.getByRole("list", { name: "Tools" });
  await expect(toolList.getByRole("listitem")).toHaveCount(truth.tools.length);
  await page.getByRole("searchbox", { name: "Search tools" }).fill("echo");
  const echoes = truth.tools.filter((t) => [t.name, t.title, t.description].some((f) => f?.toLowerCase().includes("echo")));
  expect(echoes.map((t) => t.name)).toContain("echo");
  await expect(toolList.getByRole("listitem")).toHaveCount(echoes.length);
  await toolList.getByText("echo", { exact: true }).click();
  const schema = page.getByRole("table", { name: "Input schema of echo" });
  await expect(schema).toBeVisible();
  await expect(schema.getByRole("row").filter({ hasText: "message" })).toContainText("Required");
  // The search box searches the kind on display.
  await page.getByRole("tab", { name: /^Prompts/ }).click();
  await page.getByRole("searchbox", { name: "Search prompts" }).fill("");
  await expect(page.getByRole("list", { name: "Prompts" }).getByRole("listitem")).toHaveCount(truth.prompts);

  // The tab survives a reload.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Inventory" })).toHaveAttribute("aria-selected", "true");

  // Rename it and rotate its header's value in the settings; the value itself never comes back.
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveValue("Everything (e2e)");
  const stored = page.getByLabel("New value of X-Trace", { exact: true });
  await expect(stored).toHaveValue("");
  await expect(stored).toHaveAccessibleDescription(/Stored value •+abcd/);
  await name.fill("Everything (renamed)");
  await stored.fill("second-value-wxyz");
  const protocol = page.getByRole("combobox", { name: "Protocol revision" });
  await expect(protocol).toHaveText("Automatic (recommended)");
  await protocol.click();
  await page.getByRole("option", { name: "2025-06-18" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Everything (renamed)" })).toBeVisible();
  await expect(protocol).toHaveText("2025-06-18");
  await expect(page.getByLabel("New value of X-Trace", { exact: true })).toHaveAccessibleDescription(/Stored value •+wxyz/);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();

  // Pause and resume its checks.
  await page.getByRole("button", { name: "Pause checks" }).click();
  await expect(page.locator("main [data-status]").first()).toHaveText("Paused");
  await page.getByRole("button", { name: "Resume checks" }).click();
  await expect(page.locator("main [data-status]").first()).not.toHaveText("Paused");

  // Delete it, confirming with its name.
  await page.getByRole("button", { name: "Delete server" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Everything (renamed)?" });
  const confirm = dialog.getByRole("button", { name: "Delete server" });
  await dialog.getByRole("textbox").fill("Everything");
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox").fill("Everything (renamed)");
  await confirm.click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByRole("heading", { name: "No servers yet" })).toBeVisible();

  // Deleted is not found: a real 404, inside the console's own frame.
  const gone = await page.goto(serverUrl);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Server not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
});

test("filters live in the URL, and the plan's limit is explained where it stops the user", async ({ page }) => {
  await signInViaApi(page, "Grace Hopper");
  await createViaApi(page, "alpha-prod", ["prod"]);
  await createViaApi(page, "beta-dev", ["dev"]);
  await createViaApi(page, "alpha-dev", ["dev"]);

  await page.goto("/servers?tag=prod&q=alpha");
  const links = page.getByRole("table").getByRole("link");
  await expect(links).toHaveText(["alpha-prod"]);
  await expect(page.getByRole("searchbox", { name: /Search servers/ })).toHaveValue("alpha");
  await expect(page.getByRole("combobox", { name: /^Tag:/ })).toHaveText("prod");
  await expect(page).toHaveURL(/\/servers\?tag=prod&q=alpha$/);

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(links).toHaveCount(3);

  await page.getByRole("searchbox", { name: /Search servers/ }).fill("beta");
  await expect(page).toHaveURL(/\/servers\?q=beta$/);
  await expect(links).toHaveText(["beta-dev"]);

  await page.getByRole("combobox", { name: /^Status:/ }).click();
  await page.getByRole("option", { name: "Up" }).click();
  await expect(page).toHaveURL(/\/servers\?q=beta&status=up$/);
  await expect(page.getByRole("heading", { name: "No servers match" })).toBeVisible();
  await page.getByRole("combobox", { name: /^Status:/ }).click();
  await page.getByRole("option", { name: "All statuses" }).click();
  await expect(page).toHaveURL(/\/servers\?q=beta$/);
  await expect(links).toHaveText(["beta-dev"]);

  await expect(page.getByText("3 of 3 servers used")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "You are using all 3 servers" })).toBeVisible();

  // At the limit, "Add server" says so before any form opens.
  await page.getByRole("link", { name: "Add server" }).click();
  await expect(page).toHaveURL(/\/servers\/new$/);
  await expect(page.getByRole("alert").filter({ hasText: "You are using all 3 servers your plan allows" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save server" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your servers" })).toHaveAttribute("href", "/servers");
});

test("a save refused for the plan's limit is brought to where the person is, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 740 });
  await signInViaApi(page, "Grace Hopper");
  await createViaApi(page, "one", []);
  await createViaApi(page, "two", []);
  await page.goto("/servers/new");
  await page.getByRole("textbox", { name: "Name" }).fill("one too many");
  await page.getByRole("textbox", { name: "URL" }).fill("http://127.0.0.1:9/mcp");
  // The third server arrives from elsewhere (another tab, the API) while the form is open.
  await createViaApi(page, "three", []);
  const save = page.getByRole("button", { name: "Save server" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const banner = page.getByRole("alert").filter({ hasText: "allows 3 servers" });
  await expect(banner).toBeInViewport();
  await expect(banner.locator("xpath=..")).toBeFocused();
  await expect(banner).toContainText("Pro gives you up to 50 servers");
  await expect(banner.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/settings#plan");
  await expect(page).toHaveURL(/\/servers\/new$/);
});

test("on a phone the server page's tabs scroll sideways in one row, and Back returns to the tab before", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 740 });
  await signInViaApi(page, "Grace Hopper");
  const res = await page.request.post("/api/servers", { data: { name: "tabbed", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/servers/${id}`);
  const tabs = page.getByRole("tablist", { name: "Server sections" });
  // One row: every tab at the same height, the strip no wider than the screen and scrollable.
  const tops = await tabs.getByRole("tab").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);

  await tabs.getByRole("tab", { name: "Monitoring" }).click();
  await expect(page).toHaveURL(/\?tab=monitoring$/);
  await tabs.getByRole("tab", { name: "Settings" }).click();
  await expect(tabs.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(tabs.getByRole("tab", { name: "Monitoring" })).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(new RegExp(`/servers/${id}$`));
});

/** The brightness (0–255) of one pixel of the page, at a point of the viewport. */
async function brightness(page: Page, x: number, y: number): Promise<number> {
  const shot = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const { data } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (data[0] + data[1] + data[2]) / 3;
}

for (const { width, theme } of [
  { width: 390, theme: "light" },
  { width: 390, theme: "dark" },
  { width: 1440, theme: "light" },
] as const) {
  test(`at ${width} px (${theme}) a tab strip shows a shadow at an edge only where more tabs lie beyond it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await signInViaApi(page, "Edge Shadow");
    const res = await page.request.post("/api/servers", { data: { name: "strip", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/servers/${id}`);
    const tabs = page.getByRole("tablist", { name: "Server sections" });
    await expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    // The strip's own padding row, above the tabs: only its background (and a shadow) is drawn there.
    const edges = async () => {
      const box = (await tabs.boundingBox())!;
      const y = box.y + 2;
      // 8 px in from each end: past the rounded corners, still within the shadow.
      return { left: await brightness(page, box.x + 8, y), middle: await brightness(page, box.x + box.width / 2, y), right: await brightness(page, box.x + box.width - 8, y) };
    };
    const overflows = await tabs.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(overflows).toBe(width === 390);
    let seen = await edges();
    expect(Math.abs(seen.left - seen.middle)).toBeLessThan(4);
    if (!overflows) {
      expect(Math.abs(seen.right - seen.middle)).toBeLessThan(4);
      return;
    }
    expect(Math.abs(seen.right - seen.middle)).toBeGreaterThan(8);
    // Scrolled to its end, the shadow moves to the start, where the first tabs now hide.
    await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    seen = await edges();
    expect(Math.abs(seen.right - seen.middle)).toBeLessThan(4);
    expect(Math.abs(seen.left - seen.middle)).toBeGreaterThan(8);
    expect(await axeViolations(page, ["#main"])).toEqual([]);
  });
}

test("the form explains its mistakes next to the fields, including the server's", async ({ page }) => {
  await signInViaApi(page, "Alan Turing");
  await createViaApi(page, "taken", []);

  await page.goto("/servers/new");
  await page.getByRole("button", { name: "Save server" }).click();
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Enter a name\./);
  await expect(page.getByRole("textbox", { name: "URL" })).toHaveAccessibleDescription(/Enter the server's URL\./);

  await name.fill("TAKEN");
  await page.getByRole("textbox", { name: "URL" }).fill("http://127.0.0.1:9/mcp");
  await page.getByRole("button", { name: "Save server" }).click();
  await expect(name).toHaveAccessibleDescription(/You already have a server with this name\./);
  await expect(name).toHaveAttribute("aria-invalid", "true");

  // A server that does not answer: the test says why, and nothing is saved.
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The connection test failed" })).toBeVisible({ timeout: 20_000 });
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`at ${viewport.width} px a successful test names a new server after itself, and never replaces a typed name`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInViaApi(page, "Katherine Johnson");
    await page.goto("/servers/new");
    const name = page.getByRole("textbox", { name: "Name" });
    const url = page.getByRole("textbox", { name: "URL" });
    const result = page.getByRole("region", { name: "Connection test result" });

    await url.fill(`${everything.origin}/mcp`);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(result).toBeVisible({ timeout: 20_000 });
    // The name it gives itself in its initialize answer: its title when it has one.
    const own = truth.title ?? truth.name;
    await expect(name).toHaveValue(own);
    await page.getByRole("button", { name: "Save server" }).click();
    await expect(page.getByRole("heading", { level: 1, name: own })).toBeVisible();

    await page.goto("/servers/new");
    await name.fill("My own name");
    await url.fill(`${everything.origin}/mcp`);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(name).toHaveValue("My own name");
  });
}

test("a new user's dashboard welcomes them and leads to adding a server", async ({ page }) => {
  await signInViaApi(page, "Katherine Johnson");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome to MCP Console" })).toBeVisible();
  const checklist = page.getByRole("list", { name: "Onboarding checklist" });
  await expect(checklist.getByRole("link")).toHaveCount(3);
  await expect(checklist.getByRole("link", { name: /Run a tool.*\(to do\)/ })).toHaveAttribute("href", "/workbench");
  await expect(checklist.getByRole("link", { name: /Turn on alerts.*\(to do\)/ })).toHaveAttribute("href", "/settings#notifications");
  await page.getByRole("link", { name: "Add your first server" }).click();
  await expect(page).toHaveURL(/\/servers\/new$/);
});

for (const theme of ["light", "dark"] as const) {
  test(`the servers screens and the dashboard have no axe violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await signInViaApi(page, "Mary Jackson");
    const res = await page.request.post("/api/servers", {
      data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp`, tags: ["local"] },
    });
    expect(res.status()).toBe(201);

    await page.goto("/servers");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
    await expect(page.getByRole("link", { name: "Everything" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    await page.getByRole("link", { name: "Everything" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Everything" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);
    await page.getByRole("tab", { name: "Inventory" }).click();
    await page.getByRole("list", { name: "Tools" }).getByText("echo", { exact: true }).click();
    await expect(page.getByRole("table", { name: "Input schema of echo" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    await page.goto("/servers/new");
    await page.getByRole("textbox", { name: "URL" }).fill(`${everything.origin}/mcp`);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("region", { name: "Connection test result" })).toBeVisible({ timeout: 20_000 });
    // The test filled in the server's own name: emptied, the form explains what is missing.
    await page.getByRole("textbox", { name: "Name" }).fill("");
    await page.getByRole("button", { name: "Save server" }).click();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page, ["#main"])).toEqual([]);

    await page.goto("/dashboard");
    await expect(page.getByRole("list", { name: "Servers by status" })).toBeVisible();
    expect(await axeViolations(page, ["#main"])).toEqual([]);
  });
}
