import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { startAuthProxy, startEverything, startHttpServer, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, signInViaApi } from "./support";

/** Import of an mcpServers file through the servers page, and personal API tokens in settings, against a real MCP server. */

let everything: RunningServer;
test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
test.afterAll(async () => {
  await everything?.stop();
});

test.beforeEach(async ({ page }) => {
  await answerCookieBanner(page);
});

test("import a Claude Code file: preview, import with the keyboard, the npx entry of a package the registry has not skipped", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/servers");
  const file = JSON.stringify({
    mcpServers: {
      everything: { type: "http", url: `${everything.origin}/mcp` },
      files: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
    },
  });

  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import servers" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Configuration file" }).fill(file);
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("everything — will be created")).toBeVisible();
  await expect(dialog.getByText("files — skipped")).toBeVisible();
  await expect(dialog.getByText(/The file asks for no version of @modelcontextprotocol\/server-filesystem, and the registry could not tell which version that is/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const importButton = dialog.getByRole("button", { name: "Import 1 server" });
  await importButton.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("status")).toContainText("Created 1 server, skipped 1.");
  await expect(dialog.getByText("everything: connected")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "everything" })).toBeVisible();
});

test("a refused file is told in words beside it, and on a phone the buttons stay in reach of a long preview", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await signInViaApi(page);
  await page.goto("/servers");
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import servers" });
  const file = dialog.getByRole("textbox", { name: "Configuration file" });
  await file.fill("mcpServers: everything");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(file).toHaveAccessibleDescription(/This is not JSON\. Paste the whole configuration file\./);
  await expect(dialog).not.toContainText("400");
  await expect(file).toBeFocused();

  // Twenty entries: the preview is taller than the phone, the dialog's buttons are not pushed off it.
  const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`server-${i + 1}`, { type: "http", url: `${everything.origin}/mcp?n=${i}` }]));
  await file.fill(JSON.stringify({ mcpServers: many }));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText(/server-20 — /)).toBeAttached();
  await expect(dialog.getByRole("button", { name: /^Import \d+ servers?$/ })).toBeInViewport();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();
});

test("import a server.json from its URL: choose how to run it, type its secret, connected", async ({ page }) => {
  const token = "server-json-e2e-token";
  const proxy = await startAuthProxy(everything, token);
  const doc = {
    name: "io.github.example/weather",
    title: "Weather",
    description: "Forecasts",
    version: "1.0.0",
    remotes: [
      {
        type: "streamable-http",
        url: `${proxy.origin}/mcp`,
        headers: [{ name: "Authorization", value: "Bearer {api_key}", variables: { api_key: { description: "Your API key", isSecret: true, isRequired: true } } }],
      },
    ],
    packages: [{ registryType: "pypi", identifier: "weather-mcp", version: "1.0.0", transport: { type: "stdio" } }],
  };
  const files = await startHttpServer((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(doc)));
  try {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInViaApi(page);
    await page.goto("/servers");
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import servers" });
    await dialog.getByRole("textbox", { name: "Or its URL" }).fill(`${files.origin}/server.json`);
    await dialog.getByRole("button", { name: "Preview" }).click();

    const options = dialog.getByRole("group", { name: "Run Weather as" });
    await expect(options.getByRole("radio", { name: /Remote \(Streamable HTTP\)/ })).toBeChecked();
    await expect(options.getByRole("radio", { name: /^Package/ })).toBeDisabled();
    await expect(options).toContainText("A pypi package: the console runs only npm packages in its sandbox for now.");
    const key = dialog.getByLabel("Header Authorization: api_key");
    await expect(key).toHaveAttribute("type", "password");
    expect(await axeViolations(page)).toEqual([]);

    // Left empty, the API says what is missing, on the field.
    await dialog.getByRole("button", { name: "Import 1 server" }).click();
    await expect(key).toHaveAccessibleDescription(/Enter Header Authorization: api_key\./);
    await key.fill(token);
    await dialog.getByRole("button", { name: "Import 1 server" }).click();
    await expect(dialog.getByRole("status")).toContainText("Created 1 server.");
    await expect(dialog.getByText("Weather: connected")).toBeVisible();
    expect(proxy.requests.some((r) => r.authorization === `Bearer ${token}`)).toBe(true);
  } finally {
    await Promise.all([proxy.stop(), files.stop()]);
  }
});

test("create an API token, see it once, use it, revoke it", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/settings");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByLabel("Token name").fill("CI");
  await tokens.getByLabel("Access").selectOption("read");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const shown = tokens.getByTestId("fresh-token");
  await expect(shown).toHaveText(/^mcpc_/);
  const token = (await shown.textContent())!;
  expect(await axeViolations(page)).toEqual([]);

  const list = await page.request.get("/api/servers", { headers: { authorization: `Bearer ${token}` } });
  expect(list.status()).toBe(200);

  await tokens.getByRole("button", { name: "Done" }).click();
  await expect(tokens.getByTestId("fresh-token")).toHaveCount(0);
  await page.reload();
  const reloaded = page.getByRole("region", { name: "API tokens" });
  await expect(reloaded.getByRole("list", { name: "Your API tokens" })).toContainText("CI");
  await expect(page.getByText(token)).toHaveCount(0);

  await reloaded.getByRole("button", { name: "Revoke CI" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(reloaded.getByText("No tokens yet.")).toBeVisible();
  const refused = await page.request.get("/api/servers", { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});
