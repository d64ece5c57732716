import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";

/**
 * A gateway's Connect tab leads with sign-in: each client's configuration
 * holds the gateway's URL and no secret, VS Code and Cursor get their install
 * links, and a real client configured from it (the SDK's client with its
 * OAuth provider) signs in through the consent page and calls a tool. Tokens
 * come second, kept out of files where the client allows it.
 */

let everything: RunningServer;
/** The client's redirect URI: a loopback listener, as native clients use, that keeps the codes it is handed. */
let callback: http.Server;
let codes: URLSearchParams[] = [];
test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  callback = http.createServer((req, res) => {
    codes.push(new URL(req.url ?? "/", "http://127.0.0.1").searchParams);
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Signed in</title><h1>Signed in: you can close this window.</h1>");
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await everything?.stop();
  callback?.close();
});

/** A signed-in person with a gateway of server-everything (prefix "all"), on its Connect tab. */
async function gatewayOnConnect(page: Page, person: string) {
  await signInViaApi(page, person);
  const server = await page.request.post("/api/servers", { data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
  expect(server.status(), await server.text()).toBe(201);
  const created = await page.request.post("/api/gateways", { data: { name: "Agents", servers: [{ serverId: ((await server.json()) as { id: string }).id, prefix: "all" }] } });
  expect(created.status(), await created.text()).toBe(201);
  const gateway = (await created.json()) as { id: string; slug: string };
  await page.goto(`/gateways/${gateway.id}?tab=connect`);
  await expect(page.getByRole("heading", { name: "Sign in from your client" })).toBeVisible();
  return gateway;
}

const signInTab = (page: Page, client: string) => page.getByRole("tablist", { name: "Client to sign in from" }).getByRole("tab", { name: client });
const tokenTab = (page: Page, client: string) => page.getByRole("tablist", { name: "Client to use a token in" }).getByRole("tab", { name: client });

test("a client configured from Connect's sign-in configuration, with no secret in it, signs in on the consent page and calls a tool", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  codes = [];
  const { slug } = await gatewayOnConnect(page, "Connie Connect");
  const url = `${baseURL}/mcp/${slug}`;

  // Sign-in comes first, tokens second.
  const sections = await page.locator("main h2").allTextContents();
  expect(sections.indexOf("Sign in from your client")).toBeLessThan(sections.indexOf("Or use a gateway token"));

  // Each client's configuration: the URL, nothing secret; VS Code and Cursor install in one click.
  await expect(page.getByTestId("sign-in-claude-code")).toHaveText(`claude mcp add --transport http agents ${url}`);
  await expect(page.getByText(`Then run /mcp in Claude Code and choose "agents" to sign in`, { exact: false })).toBeVisible();
  await signInTab(page, "Cursor").click();
  expect(JSON.parse((await page.getByTestId("sign-in-cursor").textContent())!)).toEqual({ mcpServers: { agents: { url } } });
  const cursorInstall = new URL((await page.getByRole("link", { name: "Install in Cursor" }).getAttribute("href"))!);
  expect(cursorInstall.href.startsWith("cursor://anysphere.cursor-deeplink/mcp/install?")).toBe(true);
  expect(cursorInstall.searchParams.get("name")).toBe("agents");
  expect(JSON.parse(Buffer.from(cursorInstall.searchParams.get("config")!, "base64").toString("utf8"))).toEqual({ url });
  await signInTab(page, "Other").click();
  await expect(page.getByTestId("sign-in-generic")).toContainText(`${baseURL}/.well-known/oauth-protected-resource/mcp/${slug}`);
  await signInTab(page, "VS Code").click();
  const vscodeText = (await page.getByTestId("sign-in-vscode").textContent())!;
  expect(vscodeText).not.toMatch(/Authorization|Bearer|mcpc_/);
  const entry = (JSON.parse(vscodeText) as { servers: Record<string, { type: string; url: string }> }).servers.agents;
  expect(entry).toEqual({ type: "http", url });
  const vscodeInstall = (await page.getByRole("link", { name: "Install in VS Code" }).getAttribute("href"))!;
  expect(vscodeInstall.startsWith("vscode:mcp/install?")).toBe(true);
  expect(JSON.parse(decodeURIComponent(vscodeInstall.slice("vscode:mcp/install?".length)))).toEqual({ name: "agents", ...entry });

  // A real client given that entry alone: the gateway answers 401, and the client sends the person's browser to sign in.
  const agent = new AgentOAuth(`http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`, "Connect e2e");
  const first = new StreamableHTTPClientTransport(new URL(entry.url), { authProvider: agent });
  await expect(new Client({ name: "agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await page.goto(agent.authorizationUrl!.toString());
  await expect(page.getByRole("heading", { name: "Allow Connect e2e to use your gateway?" })).toBeVisible();
  await expect(page.getByText("Agents", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Allow Connect e2e" }).click();
  await expect(page.getByRole("heading", { name: "Signed in: you can close this window." })).toBeVisible();
  expect(codes).toHaveLength(1);
  await first.finishAuth(codes[0].get("code")!);

  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { authProvider: agent }));
  const echoed = await client.callTool({ name: "all__echo", arguments: { message: "signed in from Connect" } });
  expect(JSON.stringify(echoed.content)).toContain("signed in from Connect");
  await client.close();

  // Settings → Connected apps, which the sign-in section names, lists it.
  await page.goto("/settings#connected-apps");
  await expect(page.getByRole("list", { name: "Your connected apps" }).getByText("Connect e2e")).toBeVisible();
});

test("tokens come second: VS Code prompts for one, Cursor reads one from the environment, Claude Code takes it in its header option", async ({ page, baseURL }) => {
  const { slug } = await gatewayOnConnect(page, "Tobias Token");
  const url = `${baseURL}/mcp/${slug}`;
  await page.getByRole("button", { name: "Create a token for this gateway" }).click();
  const token = (await page.getByTestId("fresh-token").textContent())!;
  expect(token).toMatch(/^mcpc_/);
  await expect(page.getByTestId("token-claude-code")).toHaveText(`claude mcp add --transport http agents ${url} --header "Authorization: Bearer ${token}"`);
  await tokenTab(page, "VS Code").click();
  expect(JSON.parse((await page.getByTestId("token-vscode").textContent())!)).toEqual({
    inputs: [{ type: "promptString", id: "agents-token", description: "Gateway token for Agents", password: true }],
    servers: { agents: { type: "http", url, headers: { Authorization: "Bearer ${input:agents-token}" } } },
  });
  await tokenTab(page, "Cursor").click();
  await expect(page.getByTestId("token-cursor")).not.toContainText(token);
  await expect(page.getByTestId("token-cursor")).toContainText("Bearer ${env:MCPC_AGENTS_TOKEN}");
  // The sign-in configurations never take the token in.
  await signInTab(page, "VS Code").click();
  await expect(page.getByTestId("sign-in-vscode")).not.toContainText(token);
});

test("the Connect tab at 390 and 1440 px, light and dark: fits its screen, no axe violations", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { id } = await gatewayOnConnect(page, "Lena Layout");
  const storageState = await page.context().storageState();
  const failures: string[] = [];
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ]) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL, viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500, colorScheme: theme, reducedMotion: "reduce", storageState });
      await chooseTheme(context, theme);
      await answerCookieBanner(context, { functional: false });
      const view = await context.newPage();
      await view.goto(`/gateways/${id}?tab=connect`);
      await expect(view.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(view.getByTestId("sign-in-claude-code")).toBeVisible();
      for (const tab of ["Claude Code", "VS Code"]) {
        await signInTab(view, tab).click();
        const wide = await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (wide > 0) failures.push(`${width} px, ${theme}, ${tab}: the page is ${wide} px wider than the screen`);
        // The four clients fit in their strip: none is hidden behind a sideways scroll.
        const hidden = await view.getByRole("tablist", { name: "Client to sign in from" }).evaluate((list) => list.scrollWidth - list.clientWidth);
        if (hidden > 0) failures.push(`${width} px, ${theme}: ${hidden} px of the clients' tabs are scrolled out of sight`);
        failures.push(...(await axeViolations(view, "document")).map((v) => `${width} px, ${theme}, ${tab}: ${v}`));
      }
      await view.screenshot({ path: testInfo.outputPath(`connect-${width}-${theme}.png`), fullPage: true });
      await context.close();
    }
  }
  expect(failures).toEqual([]);
});
