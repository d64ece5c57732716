import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { BUNDLED, BUNDLES } from "../support/npm-registry";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";

/**
 * Adding a server that runs as a command, as a person does: the add-server form's "Command (stdio)"
 * choice and the mcpServers import. The console installs from the npm registry of the run
 * (global-setup.ts: one package bundling server-everything), and runs it in its sandbox.
 */

const SPEC = `${BUNDLED.name}@${BUNDLED.version}`;
/** The registry's second version of the package (global-setup.ts), which sets MCP_BUNDLED_VERSION in its environment. */
const NEXT_VERSION = BUNDLES.everythingNext.version;
const SECRET = "e2e-stdio-secret-4321";
// A first install in a sandbox on a busy machine: slower than a remote server's answer.
const INSTALL = { timeout: 90_000 };

test.beforeEach(async ({ page }) => {
  await answerCookieBanner(page);
});

/** The transport chosen with the keyboard: the select opened with Enter, the option typed to and taken with Enter. */
async function chooseStdio(page: Page) {
  const transport = page.getByRole("combobox", { name: "Transport" });
  await transport.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "Command (stdio)" }).focus();
  await page.keyboard.press("Enter");
  await expect(transport).toHaveText("Command (stdio)");
}

test("add a stdio server with the keyboard: checked fields, the package tested while it installs, saved with its secret kept", async ({ page }) => {
  test.setTimeout(240_000);
  await signInViaApi(page);
  await page.goto("/servers/new");
  await page.getByRole("textbox", { name: "Name" }).fill("Everything (stdio)");
  await chooseStdio(page);
  await expect(page.getByRole("textbox", { name: "URL" })).toHaveCount(0);

  // Nothing typed yet: each field says what it needs, and the first gets the focus.
  await page.getByRole("button", { name: "Test connection" }).click();
  const pkg = page.getByRole("textbox", { name: "npm package" });
  const version = page.getByRole("textbox", { name: "Version" });
  await expect(pkg).toBeFocused();
  await expect(pkg).toHaveAccessibleDescription(/Enter an npm package name/);
  await expect(version).toHaveAccessibleDescription(/Give an exact version/);

  // The package typed with its version fills both fields.
  await pkg.fill(SPEC);
  await page.keyboard.press("Tab");
  await expect(pkg).toHaveValue(BUNDLED.name);
  await expect(version).toHaveValue(BUNDLED.version);
  await page.getByRole("textbox", { name: "Arguments" }).fill("stdio");

  // A variable: its value masked unless shown, a reserved name refused next to it.
  await page.getByRole("button", { name: "Add variable" }).press("Enter");
  const varName = page.getByRole("textbox", { name: "Name of variable 1" });
  await expect(varName).toBeFocused();
  await page.keyboard.type("PATH");
  await page.keyboard.press("Tab");
  await page.keyboard.type(SECRET);
  await expect(page.getByRole("textbox", { name: "Value of PATH" })).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(varName).toBeFocused();
  await expect(varName).toHaveAccessibleDescription(/PATH, HOME and TMPDIR are set by the sandbox\./);
  await varName.fill("API_TOKEN");

  // The hosts it may reach: a URL is not a host, said on its line.
  const hosts = page.getByRole("textbox", { name: "Hosts it may reach" });
  await hosts.fill("https://api.example.com/v1");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(hosts).toBeFocused();
  await expect(hosts).toHaveAccessibleDescription(/Line 1: Enter a host name or an IP address, without a scheme, port or path/);
  await hosts.fill("api.example.com");

  // The test installs the package and starts it: progress while it runs, then what answered.
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Installing ${SPEC} from npm` })).toBeVisible();
  const result = page.getByRole("region", { name: "Connection test result" });
  await expect(result).toBeVisible(INSTALL);
  await expect(result).toContainText(/everything/i);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Save server" }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/, INSTALL);
  await expect(page.getByRole("heading", { name: "Everything (stdio)" })).toBeVisible();
  // The secret went to the server once and never comes back.
  const server = await (await page.request.get(`/api/servers/${page.url().split("/").pop()}`)).json();
  expect(server).toMatchObject({
    transport: "stdio",
    stdio: { package: { identifier: BUNDLED.name, version: BUNDLED.version }, args: ["stdio"], env: ["API_TOKEN"], egress: [{ host: "api.example.com" }] },
  });
  expect(JSON.stringify(server)).not.toContain(SECRET);
  expect(await page.content()).not.toContain(SECRET);

  // The settings show the package, the sandbox's limits and the process the registration's discovery started.
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByLabel("Process")).toContainText("Running since");
  expect(await axeViolations(page)).toEqual([]);
});

test("a package npm cannot install is told on the package field, with npm's reason", async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page);
  await page.goto("/servers/new");
  await page.getByRole("textbox", { name: "Name" }).fill("Missing package");
  await chooseStdio(page);
  await page.getByRole("textbox", { name: "npm package" }).fill("mcp-not-published-anywhere");
  await page.getByRole("textbox", { name: "Version" }).fill("1.0.0");
  await page.getByRole("button", { name: "Save server" }).click();
  const pkg = page.getByRole("textbox", { name: "npm package" });
  await expect(pkg).toHaveAccessibleDescription(/404 Not Found/, INSTALL);
  await expect(pkg).toBeFocused();
  await expect(page).toHaveURL(/\/servers\/new$/);
});

for (const [theme, width] of [
  ["light", 390],
  ["dark", 1440],
  ["dark", 390],
  ["light", 1440],
] as const) {
  test(`the stdio fields at ${width} px in the ${theme} theme: they fit, and axe finds nothing`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await chooseTheme(page, theme);
    await signInViaApi(page);
    await page.goto("/servers/new");
    await chooseStdio(page);
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByRole("button", { name: "Save server" }).click();
    await expect(page.getByRole("textbox", { name: "npm package" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
}

/** A stdio server added through the API (the add form has its own test): its id. */
async function addStdioServer(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/servers", {
    data: { name, transport: "stdio", package: { registryType: "npm", identifier: BUNDLED.name, version: BUNDLED.version }, args: ["stdio"], env: { API_TOKEN: SECRET } },
    timeout: INSTALL.timeout,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The server's environment as it sees it in its sandbox (server-everything's get-env tool, called through the workbench's API). */
async function seenEnv(page: Page, id: string): Promise<Record<string, string>> {
  const res = await page.request.post(`/api/servers/${id}/call`, { data: { method: "tools/call", params: { name: "get-env", arguments: {} } }, timeout: INSTALL.timeout });
  // The answer's message says why when it is not 200.
  expect({ status: res.status(), message: res.ok() ? undefined : ((await res.json()) as { message: string }).message }).toEqual({ status: 200, message: undefined });
  return JSON.parse(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text) as Record<string, string>;
}

test("edit a stdio server with the keyboard: a variable replaced and one added, a version the registry has not refused on its field, then an upgrade", async ({ page }) => {
  test.setTimeout(240_000);
  await signInViaApi(page);
  const id = await addStdioServer(page, "Everything (edited)");
  await page.goto(`/servers/${id}?tab=settings`);

  const token = page.getByLabel("New value of API_TOKEN");
  await expect(token).toHaveValue("");
  await expect(token).toHaveAccessibleDescription(/Set\. Its value is never shown/);
  await expect(page.getByRole("textbox", { name: "npm package" })).toHaveAttribute("readonly", "");
  await token.focus();
  await page.keyboard.type("rotated-e2e-token");
  await page.getByRole("button", { name: "Add variable" }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Name of variable 2" })).toBeFocused();
  await page.keyboard.type("REGION");
  await page.keyboard.press("Tab");
  await page.keyboard.type("eu-west");
  await page.getByRole("button", { name: "Save changes" }).press("Enter");
  await expect(page.getByText("Changes saved", { exact: true })).toBeVisible();
  expect(await seenEnv(page, id)).toMatchObject({ API_TOKEN: "rotated-e2e-token", REGION: "eu-west" });
  expect(await page.content()).not.toContain("rotated-e2e-token");

  // A version the registry has not: npm's reason on the version field, and nothing changed.
  const version = page.getByRole("textbox", { name: "Version" });
  await version.fill("9.9.9");
  await page.getByRole("button", { name: "Save changes" }).press("Enter");
  await expect(version).toHaveAccessibleDescription(new RegExp(`No matching version found for ${BUNDLED.name}@9\\.9\\.9`), INSTALL);
  await expect(version).toBeFocused();
  expect(((await (await page.request.get(`/api/servers/${id}`)).json()) as { url: string }).url).toBe(`npm:${SPEC}`);

  await version.fill(NEXT_VERSION);
  await page.getByRole("button", { name: "Save changes" }).press("Enter");
  await expect(page.getByText("Changes saved", { exact: true })).toBeVisible(INSTALL);
  await expect(page.getByText(`npm:${BUNDLED.name}@${NEXT_VERSION}`).first()).toBeVisible();
  expect(await seenEnv(page, id)).toMatchObject({ MCP_BUNDLED_VERSION: NEXT_VERSION, API_TOKEN: "rotated-e2e-token" });
  expect(await axeViolations(page)).toEqual([]);
});

for (const [theme, width] of [
  ["light", 390],
  ["dark", 1440],
  ["dark", 390],
  ["light", 1440],
] as const) {
  test(`a stdio server's settings at ${width} px in the ${theme} theme: they fit, and axe finds nothing`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await chooseTheme(page, theme);
    await signInViaApi(page);
    const id = await addStdioServer(page, `Everything ${theme} ${width}`);
    await page.goto(`/servers/${id}?tab=settings`);
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Value of variable 2", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`stdio-settings-${theme}-${width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("import an mcpServers file: the npx entries become stdio servers, one pinned to the registry's newest version, the other commands are listed with why", async ({ page }) => {
  test.setTimeout(180_000);
  await signInViaApi(page);
  await page.goto("/servers");
  const file = JSON.stringify({
    mcpServers: {
      everything: { command: "npx", args: ["-y", SPEC, "stdio"], env: { API_TOKEN: SECRET } },
      newest: { command: "npx", args: ["-y", BUNDLED.name, "stdio"] },
      time: { command: "uvx", args: ["mcp-server-time"] },
      files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
    },
  });
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import servers" });
  await dialog.getByRole("textbox", { name: "Configuration file" }).fill(file);
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("everything — will be created")).toBeVisible();
  await expect(dialog.getByText(`stdio · npm:${SPEC} · variables: API_TOKEN`)).toBeVisible();
  await expect(dialog.getByText("newest — will be created")).toBeVisible();
  await expect(dialog.getByText(`Pinned to ${BUNDLED.version}: the file asks for no version, and that is the registry's newest match today.`)).toBeVisible();
  await expect(dialog.getByText(/It runs a Python package \(uvx\)/)).toBeVisible();
  await expect(dialog.getByText(/the registry could not tell which version that is: 404 Not Found/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Import 2 servers" }).click();
  await expect(dialog.getByRole("status")).toContainText("Created 2 servers, skipped 2.", INSTALL);
  await expect(dialog.getByText("everything: connected")).toBeVisible();
  await expect(dialog.getByText("newest: connected")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "everything" })).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
});
