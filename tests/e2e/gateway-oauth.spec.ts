import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { signInViaApi } from "./support";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";

/**
 * An MCP client signs in to a gateway the way an agent does: the SDK's own
 * client finds the console's authorization server, registers, and sends the
 * person's browser to the console's consent page, where they allow it; it
 * then calls tools, until the person revokes it in Settings → Connected apps.
 */

let everything: RunningServer;
/** The agent's redirect URI: a loopback listener, as native clients use, that keeps the code it is handed. */
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

test("an MCP client signs in to a gateway on the consent page, calls a tool, and is refused once revoked in Settings", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  codes = [];
  await signInViaApi(page, "Olive OAuth");
  const server = await page.request.post("/api/servers", { data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
  expect(server.status(), await server.text()).toBe(201);
  const gateway = await page.request.post("/api/gateways", { data: { name: "Agents", servers: [{ serverId: ((await server.json()) as { id: string }).id, prefix: "all" }] } });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const { slug } = (await gateway.json()) as { slug: string };
  const url = new URL(`/mcp/${slug}`, baseURL);

  const agent = new AgentOAuth(`http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`, "Claude e2e");
  const first = new StreamableHTTPClientTransport(url, { authProvider: agent });
  await expect(new Client({ name: "agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);

  // The person's browser, sent by the agent: the console's consent page.
  await page.goto(agent.authorizationUrl!.toString());
  await expect(page).toHaveURL(/\/gateways\/authorize\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Allow Claude e2e to use your gateway?" })).toBeVisible();
  await expect(page.getByText("Agents", { exact: true })).toBeVisible();
  // Where the answer goes: in the request's details, and as the fact to check of the app's self-chosen name.
  await expect(page.getByRole("definition").filter({ hasText: `127.0.0.1:${(callback.address() as AddressInfo).port}` })).toBeVisible();
  await expect(page.getByRole("note", { name: "About this app's name" })).toContainText(`your answer goes to 127.0.0.1:${(callback.address() as AddressInfo).port}`);
  await page.getByRole("button", { name: "Allow Claude e2e" }).click();
  await expect(page.getByRole("heading", { name: "Signed in: you can close this window." })).toBeVisible();
  expect(codes).toHaveLength(1);
  expect(codes[0].get("iss")).toBe(new URL(baseURL!).origin);

  await first.finishAuth(codes[0].get("code")!);
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: agent }));
  const echoed = await client.callTool({ name: "all__echo", arguments: { message: "signed in" } });
  expect(JSON.stringify(echoed.content)).toContain("signed in");

  // Settings → Connected apps lists it; revoking it refuses the next call.
  await page.goto("/settings#connected-apps");
  const apps = page.getByRole("list", { name: "Your connected apps" });
  await expect(apps.getByText("Claude e2e")).toBeVisible();
  await expect(apps.getByRole("link", { name: "Agents" })).toBeVisible();
  await apps.getByRole("button", { name: "Revoke Claude e2e" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No app is connected.", { exact: false })).toBeVisible();
  await expect(client.listTools()).rejects.toThrow("This grant was revoked: sign in again.");

  // The trail says what happened.
  await page.goto("/activity");
  const events = page.getByRole("list", { name: "Events, newest first" });
  await expect(events.getByText("Allowed Claude e2e to use Agents")).toBeVisible();
  await expect(events.getByText("Claude e2e can no longer use Agents: revoked in Settings.")).toBeVisible();
  await client.close();
});

test("the consent page of an answered or unknown request says so", async ({ page }) => {
  await signInViaApi(page, "Una Unknown");
  await page.goto("/gateways/authorize/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "This sign-in request is no longer open" })).toBeVisible();
});
