import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { freePort, startEverything, type RunningServer } from "../support/mcp-server";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";

/**
 * The command palette finds what the servers and gateways offer, not only
 * pages: a tool, a prompt and a resource of a real server-everything, and an
 * item of a gateway, each opening where it is shown; its footer says what it
 * searches and how far. At 390 and 1440 px,
 * light and dark, with axe over the open palette.
 */

let everything: RunningServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp", await freePort());
});
test.afterAll(async () => {
  await everything?.stop();
});

interface Named {
  name: string;
  title?: string;
}
interface Inventory {
  tools: Named[];
  prompts: Named[];
  resources: (Named & { uri: string })[];
  discoveredAt: string | null;
}

/** Moves the palette's selection with the arrow keys to the option named `name`, then presses Enter. */
async function chooseByKeyboard(page: Page, palette: Locator, name: string) {
  const option = palette.getByRole("option", { name, exact: true });
  await expect(option).toBeAttached();
  for (let i = 0; i < 40 && (await option.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
}

async function atEachWidth(page: Page, testInfo: TestInfo, name: string, part: Locator, check: () => Promise<void>) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    expect(await axeViolations(page)).toEqual([]);
    await part.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

for (const theme of ["light", "dark"] as const) {
  test(`the command palette finds tools, prompts, resources and gateways' items, and opens each where it is shown (${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await answerCookieBanner(page);
    await signInViaApi(page, "Lin Search");
    const created = await page.request.post("/api/servers", { data: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status(), await created.text()).toBe(201);
    const serverId = ((await created.json()) as { id: string }).id;
    let inv: Inventory | undefined;
    await expect
      .poll(async () => {
        inv = (await (await page.request.get(`/api/servers/${serverId}/inventory`)).json()) as Inventory;
        return inv.discoveredAt !== null && inv.tools.length > 1 && inv.prompts.length > 1 && inv.resources.length > 1;
      })
      .toBe(true);
    const made = await page.request.post("/api/gateways", { data: { name: "Search gateway", servers: [{ serverId, prefix: "ev" }] } });
    expect(made.status(), await made.text()).toBe(201);
    const gatewayId = ((await made.json()) as { id: string }).id;
    const view = (await (await page.request.get(`/api/gateways/${gatewayId}/view`)).json()) as { items: { kind: string; key: string; exposedName: string }[] };

    // Not the first of each list, which the workbench would select anyway.
    const tool = inv!.tools.at(-1)!;
    const prompt = inv!.prompts.at(-1)!;
    const resource = inv!.resources.at(-1)!;
    const item = view.items.find((i) => i.kind === "tool" && i.key === tool.name)!;
    expect(item).toBeDefined();

    await page.goto("/dashboard");
    const palette = page.getByRole("dialog", { name: "Go to" });
    const input = palette.getByRole("combobox", { name: "Go to a page, server or gateway" });

    // What it searches, and how far, is said under the list and read with the search field.
    await page.keyboard.press("Control+k");
    const scope = /^Finds pages, settings, servers and gateways, and by name, URI or description up to 150 tools, resources and prompts of each of your first 20 servers and 150 items of each of your first 10 gateways\.$/;
    await expect(palette.getByText(scope)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(scope);

    // A tool by its name: listed under Tools with its server, and as the gateway exposes it.
    await input.fill(tool.name);
    await atEachWidth(page, testInfo, `${theme}-palette-tool`, palette, async () => {
      await expect(palette.getByRole("group", { name: "Tools" }).getByRole("option", { name: `${tool.title ?? tool.name} · Everything`, exact: true })).toBeVisible();
      await expect(palette.getByRole("group", { name: "Gateways' items" }).getByRole("option", { name: `${item.exposedName} · Search gateway`, exact: true })).toBeAttached();
    });
    await chooseByKeyboard(page, palette, `${tool.title ?? tool.name} · Everything`);
    await expect(page).toHaveURL(new RegExp(`/workbench\\?server=${serverId}&tab=tools&item=`));
    await expect(page.getByRole("list", { name: "Tools" }).locator('[aria-current="true"]')).toContainText(tool.title ?? tool.name);

    // A prompt: the workbench's Prompts tab, with it selected.
    await page.keyboard.press("Control+k");
    await input.fill(prompt.name);
    await chooseByKeyboard(page, palette, `${prompt.title ?? prompt.name} · Everything`);
    await expect(page.getByRole("tab", { name: /^Prompts/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("list", { name: "Prompts" }).locator('[aria-current="true"]')).toContainText(prompt.title ?? prompt.name);

    // A resource, by its URI.
    await page.keyboard.press("Control+k");
    await input.fill(resource.uri);
    await chooseByKeyboard(page, palette, `${resource.title ?? resource.name} · Everything`);
    await expect(page.getByRole("tab", { name: /^Resources/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").locator('[aria-current="true"]')).toHaveCount(1);
    await expect(page.getByRole("tabpanel").locator('[aria-current="true"]')).toContainText(resource.title ?? resource.name);

    // A gateway's item: what the agent sees, filtered to it.
    await page.keyboard.press("Control+k");
    await input.fill(item.exposedName);
    await chooseByKeyboard(page, palette, `${item.exposedName} · Search gateway`);
    await expect(page).toHaveURL(new RegExp(`/gateways/${gatewayId}\\?q=`));
    await expect(page.getByRole("searchbox", { name: "Filter by name, server or description" })).toHaveValue(item.exposedName);

    // Settings entries stay found, and nothing typed lists no tool.
    await page.keyboard.press("Control+k");
    await expect(palette.getByRole("group", { name: "Tools" })).toHaveCount(0);
    await input.fill("api tokens");
    await atEachWidth(page, testInfo, `${theme}-palette-settings`, palette, async () => {
      await expect(palette.getByRole("option", { name: "Settings › API tokens", exact: true })).toBeVisible();
    });
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
  });
}
