import { expect, test, type Page } from "@playwright/test";
import { verifySignature } from "../../lib/webhooks/sign";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { axeViolations } from "./axe";
import { waitForMail } from "./mailbox";
import { answerCookieBanner, chooseTheme, createAccount, PASSWORD } from "./support";

let hook: WebhookReceiver;

test.beforeAll(async () => {
  hook = await startWebhookReceiver();
});
test.afterAll(async () => {
  await hook?.close();
});

async function signedInAtSettings(page: Page, theme: "light" | "dark" = "light") {
  await chooseTheme(page, theme);
  await answerCookieBanner(page);
  const account = await createAccount(page.request, undefined, "Alice Alerts");
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings#notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  return account;
}

for (const theme of ["light", "dark"] as const) {
  test(`alerts in the settings (${theme}): a test event by email and webhook, then listed with its outcome`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const account = await signedInAtSettings(page, theme);
    const notifications = page.getByRole("region", { name: "Notifications" });
    const recent = notifications.getByRole("region", { name: "Recent alerts" });

    // Free sends alerts: nothing here says the plan does not.
    await expect(notifications.getByText(/send no alerts|does not send/)).toHaveCount(0);
    await expect(recent.getByText("No alerts sent yet.", { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await notifications.getByLabel("Webhook URL").fill(hook.url);
    await notifications.getByRole("button", { name: "Save webhook" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())!;
    const before = hook.received.length;

    await recent.getByRole("button", { name: "Send a test event" }).click();
    const outcome = recent.getByRole("list", { name: "Test event outcome" });
    await expect(outcome).toContainText(`Email to ${account.email}: delivered`);
    await expect(outcome).toContainText(`Webhook ${hook.url}: delivered, answered 204`);
    await waitForMail((m) => m.to.includes(account.email) && m.subject === "[MCP Console] Test alert from MCP Console");
    const [received] = hook.received.slice(before);
    expect(verifySignature(received.body, received.headers["x-mcp-console-signature"] as string, secret).ok).toBe(true);

    const list = recent.getByRole("list", { name: "Alert deliveries, newest first" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: "Webhook to" })).toContainText("Answered 204");
    await expect(list.getByRole("listitem").filter({ hasText: "Email to" })).toContainText("Delivered");

    // A failing endpoint: the outcome says so and the list keeps the answer.
    hook.statuses = [500];
    await recent.getByRole("button", { name: "Send a test event" }).click();
    await expect(outcome).toContainText("not delivered (answered 500)");
    await expect(list.getByRole("listitem")).toHaveCount(4);
    await expect(list.getByRole("listitem").filter({ hasText: "Failed" })).toContainText("The endpoint answered 500");
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("alerts at 390 px: the list fits the screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAtSettings(page);
  const notifications = page.getByRole("region", { name: "Notifications" });
  await notifications.getByLabel("Webhook URL").fill(hook.url);
  await notifications.getByRole("button", { name: "Save webhook" }).click();
  await notifications.getByRole("button", { name: "Send a test event" }).click();
  await expect(notifications.getByRole("list", { name: "Alert deliveries, newest first" }).getByRole("listitem")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
