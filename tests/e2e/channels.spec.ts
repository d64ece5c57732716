import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme, signInViaApi } from "./support";

/**
 * Notification channels as a person sets them up: a Microsoft Teams channel
 * added in Settings (its form checks what is missing first), tested (the
 * Adaptive Card reaches a loopback endpoint standing in for Teams, and the
 * list shows the outcome), then chosen as the only channel of a server on
 * its Monitoring tab. At 390 and 1440 px, light and dark, with axe.
 */

let teams: WebhookReceiver;

test.beforeAll(async () => {
  teams = await startWebhookReceiver(202, "/workflows/abc123/triggers/manual/paths/invoke");
});
test.afterAll(async () => {
  await teams?.close();
});

async function atEachWidth(page: Page, testInfo: TestInfo, name: string, part: Locator) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(part).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await part.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

for (const theme of ["light", "dark"] as const) {
  test(`a Teams channel added, tested and chosen for a server (${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await chooseTheme(page, theme);
    await answerCookieBanner(page);
    await signInViaApi(page, "Hedy Lamarr");
    // Email off: the Teams channel is then Free's one channel and the only place alerts go.
    expect((await page.request.patch("/api/user/settings", { data: { emailAlerts: false } })).status()).toBe(200);
    const created = await page.request.post("/api/servers", { data: { name: "Billing API", transport: "streamable-http", url: "https://mcp.example.com/mcp" } });
    expect(created.status()).toBe(201);
    const server = (await created.json()) as { id: string };

    await page.goto("/settings#channels");
    const section = page.getByRole("region", { name: "Notification channels" });
    await expect(section.getByText("No channel yet", { exact: false })).toBeVisible();
    await atEachWidth(page, testInfo, `${theme}-channels-empty`, section);

    // The form says what is missing before anything is sent.
    await section.getByRole("button", { name: "Add channel" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a channel" });
    await dialog.getByRole("combobox", { name: "Service" }).click();
    await page.getByRole("option", { name: "Microsoft Teams" }).click();
    await dialog.getByRole("button", { name: "Add channel" }).click();
    await expect(dialog.getByText("Enter a name for the channel.")).toBeVisible();
    await expect(dialog.getByText("Enter the workflow URL.")).toBeVisible();
    await atEachWidth(page, testInfo, `${theme}-channel-form`, dialog);
    await dialog.getByLabel("Name").fill("#ops in Teams");
    await dialog.getByLabel("Workflow URL").fill(teams.url);
    await dialog.getByRole("button", { name: "Add channel" }).click();
    await expect(dialog).toHaveCount(0);

    const item = section.getByRole("listitem").filter({ hasText: "#ops in Teams" });
    await expect(item).toContainText("Microsoft Teams");
    await expect(item).toContainText("No delivery yet");
    // The URL's token is not shown: its first segment only.
    await expect(item).not.toContainText("abc123");

    // Test: through the same path as alerts, to the Teams stand-in, as an Adaptive Card.
    await item.getByRole("button", { name: "Send a test to #ops in Teams" }).click();
    await expect(item.getByText("Delivered", { exact: true })).toBeVisible();
    const card = JSON.parse(teams.received.at(-1)!.body);
    expect(card).toMatchObject({ type: "message", attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard" } }] });
    await atEachWidth(page, testInfo, `${theme}-channels-list`, section);

    // Free holds one channel besides email: Add is off, and the section says why.
    await expect(section.getByRole("button", { name: "Add channel" })).toBeDisabled();
    await expect(section).toContainText("1 of 1 channel besides email in use");

    // The server sends to the chosen channel only.
    await page.goto(`/servers/${server.id}?tab=monitoring`);
    const where = page.getByRole("region", { name: "Where this server’s alerts go" });
    await expect(where.getByRole("button", { name: "All channels", pressed: true })).toBeVisible();
    await where.getByRole("button", { name: "Chosen channels" }).click();
    await where.getByRole("checkbox", { name: /#ops in Teams/ }).check();
    await where.getByRole("button", { name: "Save channels" }).click();
    await expect(page.getByText("Alert channels saved").first()).toBeVisible();
    await page.reload();
    await expect(where.getByRole("button", { name: "Chosen channels", pressed: true })).toBeVisible();
    await expect(where.getByRole("checkbox", { name: /#ops in Teams/ })).toBeChecked();
    await atEachWidth(page, testInfo, `${theme}-server-channels`, where);

    // Deleting asks first.
    await page.goto("/settings#channels");
    await section.getByRole("button", { name: "Delete #ops in Teams" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete channel" }).click();
    await expect(section.getByText("No channel yet", { exact: false })).toBeVisible();
  });
}
