import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { setPlanAsAdmin, signInViaApi } from "./support";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { startPoisonedServer, type PoisonedServer } from "../support/poisoned-server";

/**
 * A gateway made and run from the console, in front of two real servers
 * (server-everything and one that serves poisoned definitions): created
 * through the form, what the agent sees (a listed tool, a blocked poisoned
 * one), a token made in Connect and used by the SDK's own client, the call
 * in the live log, a quarantined change approved, and a tool left out.
 */

let everything: RunningServer;
let poisoned: PoisonedServer;
test.beforeAll(async () => {
  [everything, poisoned] = await Promise.all([startEverything("streamableHttp"), startPoisonedServer()]);
});
test.afterAll(async () => {
  await Promise.all([everything?.stop(), poisoned?.stop()]);
});

async function addServer(page: Page, name: string, url: string): Promise<string> {
  const res = await page.request.post("/api/servers", { data: { name, transport: "streamable-http", url } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** An item of the agent view, by the name the agent sees (the table's row on a desktop). */
const item = (page: Page, name: string) => page.locator(`tr[data-item="${name}"]`);

test("create a gateway, see what the agent sees, connect a client with a new token, approve a change and leave a tool out", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const account = await signInViaApi(page, "Gale Gateway");
  // The scanner's every rule, so that the poisoned tool has its critical finding.
  await setPlanAsAdmin(baseURL!, account.uid, "pro");
  const poisonedId = await addServer(page, "Mail helpers", poisoned.url);
  await addServer(page, "Everything", `${everything.origin}/mcp`);

  // From the empty list to the form.
  await page.goto("/gateways");
  await expect(page.getByRole("heading", { name: "No gateways yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create your first gateway" }).click();
  await expect(page).toHaveURL(/\/gateways\/new$/);
  await page.getByRole("textbox", { name: "Name" }).fill("Coding agents");
  await page.getByRole("checkbox", { name: /^Everything/ }).check();
  await page.getByRole("checkbox", { name: /^Mail helpers/ }).check();
  const prefix = page.getByRole("textbox", { name: "Prefix for Mail helpers" });
  await expect(prefix).toHaveAttribute("placeholder", "mail-helpers");
  await prefix.fill("Mail!");
  await page.getByRole("button", { name: "Create gateway" }).click();
  await expect(page.getByText("Prefixes use lowercase letters, digits and single hyphens inside.")).toBeVisible();
  await prefix.fill("mail");
  await page.getByRole("button", { name: "Create gateway" }).click();

  // What the agent sees: server-everything's tools listed, the poisoned one blocked by its finding.
  await expect(page).toHaveURL(/\/gateways\/[0-9a-f-]{36}$/);
  const gatewayId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Coding agents" })).toBeVisible();
  const url = (await page.locator("main code").first().textContent())!;
  expect(url).toMatch(new RegExp(`^${baseURL}/mcp/coding-agents-[0-9a-f]{8}$`));
  await expect(item(page, "everything__echo")).toContainText("Listed");
  await expect(item(page, "mail__add")).toContainText("Blocked");
  await expect(item(page, "mail__add").getByRole("link", { name: "See the finding on mail__add" })).toHaveAttribute("href", `/servers/${poisonedId}?tab=security`);
  await expect(page.getByTestId("view-tokens")).toHaveText(/^≈ [\d,]+ tokens$/);
  await page.getByRole("button", { name: /^Hidden \d+$/ }).click();
  await expect(item(page, "everything__echo")).toHaveCount(0);
  await expect(item(page, "mail__add")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Connect: sign-in first (tests/e2e/gateway-connect.spec.ts), then a token for this gateway, shown once and written into Claude Code's command.
  await page.getByRole("tab", { name: "Connect" }).click();
  await expect(page.getByTestId("token-claude-code")).toContainText("<your gateway token>");
  await page.getByRole("button", { name: "Create a token for this gateway" }).click();
  const token = (await page.getByTestId("fresh-token").textContent())!;
  expect(token).toMatch(/^mcpc_/);
  await expect(page.getByTestId("token-claude-code")).toHaveText(`claude mcp add --transport http coding-agents ${url} --header "Authorization: Bearer ${token}"`);
  await page.getByRole("tablist", { name: "Client to use a token in" }).getByRole("tab", { name: "VS Code" }).click();
  expect(JSON.parse((await page.getByTestId("token-vscode").textContent())!)).toMatchObject({
    servers: { "coding-agents": { type: "http", url, headers: { Authorization: "Bearer ${input:coding-agents-token}" } } },
  });
  expect(await axeViolations(page)).toEqual([]);

  // A real client with that token: its call shows in the live log.
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  const echoed = await client.callTool({ name: "everything__echo", arguments: { message: "hello gateway" } });
  expect(JSON.stringify(echoed.content)).toContain("hello gateway");
  await client.close();
  await page.getByRole("tab", { name: "Activity" }).click();
  const call = page.getByRole("row").filter({ hasText: "everything__echo" });
  await expect(call).toContainText("e2e-agent 1.0.0");
  await expect(call).toContainText("OK");
  await expect(page.getByTestId("calls-chart")).toBeVisible();

  // The poisoned server changes a definition: quarantined until approved from the agent view.
  const weather = poisoned.state.tools.find((t) => t.name === "get_weather")!;
  weather.description = "Returns the current weather and a three-day forecast for a city.";
  const discovered = await page.request.post(`/api/servers/${poisonedId}/discover`);
  expect(discovered.status(), await discovered.text()).toBe(200);
  await page.goto(`/gateways/${gatewayId}`);
  await expect(item(page, "mail__get_weather")).toContainText("Quarantined · changed");
  await expect(page.getByRole("region", { name: "Waiting for your approval" })).toContainText("Mail helpers · 1 changed");
  await item(page, "mail__get_weather").getByRole("button", { name: "Approve mail__get_weather" }).click();
  const review = page.getByRole("alertdialog", { name: "Approve the change to mail__get_weather?" });
  await expect(review.locator("ins")).toHaveText([" and a three-day forecast"]);
  await review.getByRole("button", { name: "Approve this definition" }).click();
  await expect(item(page, "mail__get_weather")).toContainText("Listed");

  // Servers: leave one tool out; the agent no longer sees it, and the view says why.
  await page.getByRole("tab", { name: "Servers" }).click();
  const tools = page.getByRole("button", { name: /^Tools all \d+ included of Everything$/ });
  await tools.click();
  await page.getByRole("checkbox", { name: "get-env", exact: true }).uncheck();
  await page.getByRole("button", { name: "Save servers" }).click();
  await expect(page.getByRole("button", { name: /^Tools \d+ of \d+ included of Everything$/ })).toBeVisible();
  await page.getByRole("tab", { name: "What the agent sees" }).click();
  await expect(item(page, "everything__get-env")).toContainText("Left out");

  // Settings names the one gateway the token opens.
  await page.goto("/settings#api-tokens");
  await expect(page.getByRole("list", { name: "Your API tokens" })).toContainText("Gateways: Coding agents only");
  await expect(page.getByRole("link", { name: "Coding agents" })).toHaveAttribute("href", `/gateways/${gatewayId}`);
});

test("rename a gateway in its dialog, delete it after confirming, and find it gone", async ({ page }) => {
  await signInViaApi(page, "Rena Remover");
  const created = await page.request.post("/api/gateways", { data: { name: "Short lived" } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/gateways/${id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Short lived" });
  await edit.getByRole("textbox", { name: "Name" }).fill("Renamed");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Renamed" })).toBeVisible();

  // Cancel keeps it; confirming deletes it and goes back to the list.
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Renamed?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete gateway" }).click();
  await expect(page).toHaveURL(/\/gateways$/);
  await expect(page.getByRole("heading", { name: "No gateways yet" })).toBeVisible();

  const gone = await page.goto(`/gateways/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Gateway not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to your gateways" })).toHaveAttribute("href", "/gateways");
});
