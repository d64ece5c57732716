import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { verifySignature } from "../../lib/webhooks/sign";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme, createAccount, oobCodes, PASSWORD, signInViaApi } from "./support";

/** Consent already given, so the banner does not sit over the page's lower half. */
async function skipConsentBanner(page: Page) {
  await answerCookieBanner(page);
}

async function signInThroughTheForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new password account, signed in through the form so that the page holds the identity provider's user. */
async function newUser(page: Page, name = "Sam Settings") {
  await skipConsentBanner(page);
  const account = await createAccount(page.request, undefined, name);
  await signInThroughTheForm(page, account.email);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  return account;
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

test("profile: the display name changes everywhere", async ({ page }) => {
  await newUser(page);
  const profile = section(page, "Profile");
  await expect(profile.getByText("No photo: your sign-in provider has none.")).toBeVisible();
  await profile.getByLabel("Display name").fill("Samira Settings");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu for Samira Settings" })).toBeVisible();
  await expect(section(page, "Profile").getByLabel("Display name")).toHaveValue("Samira Settings");
});

test("sign-in and security: verify the email, see the providers, change the password", async ({ page }) => {
  const account = await newUser(page);
  const security = section(page, "Sign-in and security");
  await expect(security.getByText("Not verified")).toBeVisible();
  await expect(security.getByRole("list", { name: "Linked sign-in methods" })).toContainText("Email and password");

  await security.getByRole("button", { name: "Resend verification email" }).click();
  await expect(security.getByText(`We sent a verification link to ${account.email}`)).toBeVisible();
  // Local mode sends no mail: the section points to the emulator's list of sent links instead.
  await expect(security.getByRole("status").filter({ hasText: "no email is sent" }).getByRole("link", { name: "list of sent links" })).toHaveAttribute("href", /\/oobCodes$/);
  const codes = (await oobCodes(page.request, account.email)).filter((c) => c.requestType === "VERIFY_EMAIL");
  expect(codes).toHaveLength(1);
  // Open the link as the user would, in another tab.
  const tab = await page.context().newPage();
  await tab.goto(`/__/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(codes[0].oobCode)}`);
  await expect(tab.getByText("Your email is verified")).toBeVisible();
  await tab.close();
  await security.getByRole("button", { name: "Refresh status" }).click();
  await expect(security.getByText("Verified", { exact: true })).toBeVisible();

  const form = security.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("a-better-passphrase");
  await form.getByLabel("Confirm new password").fill("a-better-passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your password has been changed.")).toBeVisible();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
  await signInThroughTheForm(page, account.email, "a-better-passphrase");
});

test("notifications: email alerts, a webhook with a one-time secret, a signed test event and rotation", async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/mcp-console`;
  try {
    await newUser(page);
    const notifications = section(page, "Notifications");
    const alerts = notifications.getByRole("switch", { name: "Email alerts" });
    await expect(alerts).toBeChecked();
    await expect(notifications.getByText("An email when one of your monitored servers goes down and when it recovers.")).toBeVisible();
    await alerts.click();
    await expect(page.getByText("Email alerts off").first()).toBeVisible();
    await page.reload();
    await expect(section(page, "Notifications").getByRole("switch", { name: "Email alerts" })).not.toBeChecked();

    await section(page, "Notifications").getByLabel("Webhook URL").fill(url);
    await section(page, "Notifications").getByRole("button", { name: "Save webhook" }).click();
    const secretBox = page.getByTestId("webhook-secret");
    await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = (await secretBox.textContent())!;
    await expect(page.getByText("Copy this secret now: it will not be shown again.")).toBeVisible();

    await page.getByRole("button", { name: "Send a test event" }).click();
    await expect(page.getByRole("list", { name: "Test event outcome" })).toContainText(`Webhook ${url}: delivered, answered 204`);
    expect(received).toHaveLength(1);
    expect(verifySignature(received[0].body, received[0].headers["x-mcp-console-signature"] as string, secret).ok).toBe(true);
    expect(JSON.parse(received[0].body).event).toBe("test");

    // Shown once: after a reload only the mask remains.
    await page.reload();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(section(page, "Notifications").getByText("whsec_••••••••••••••••")).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Rotate" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
    const rotated = (await page.getByTestId("webhook-secret").textContent())!;
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "Send a test event" }).click();
    await expect.poll(() => received.length).toBe(2);
    expect(verifySignature(received[1].body, received[1].headers["x-mcp-console-signature"] as string, rotated).ok).toBe(true);
    expect(verifySignature(received[1].body, received[1].headers["x-mcp-console-signature"] as string, secret).ok).toBe(false);
  } finally {
    await new Promise((resolve) => hook.close(resolve));
  }
});

test("cookie preferences, plan and usage, and exporting all my data", async ({ page }) => {
  const account = await newUser(page);
  await section(page, "Cookie preferences").getByRole("button", { name: "Cookie preferences" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
  await page.keyboard.press("Escape");

  const plan = section(page, "Plan and usage");
  await expect(plan.getByText("Free", { exact: true })).toBeVisible();
  await expect(plan.getByRole("meter", { name: "Servers" })).toHaveAttribute("aria-valuemax", "3");
  await expect(plan.getByRole("meter", { name: "Workbench calls today" })).toHaveAttribute("aria-valuemax", "200");
  await expect(plan.getByRole("list", { name: "Plan features" })).toContainText("Data export: CSV and JSON of activity, checks and findings (not included)");
  await expect(plan.getByRole("link", { name: "Ask about a plan change" })).toHaveAttribute("href", /\/support\?category=billing/);

  const [download] = await Promise.all([page.waitForEvent("download"), section(page, "Your data").getByRole("link", { name: "Export all my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^mcp-console-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(data.uid).toBe(account.uid);
  expect(data.tables.users).toEqual([expect.objectContaining({ uid: account.uid, email: account.email })]);
  expect(data.tables.activity_events.map((e: { action: string }) => e.action)).toContain("auth.sign_in");
});

for (const { width, theme } of [
  { width: 390, theme: "dark" },
  { width: 1440, theme: "light" },
] as const) {
  test(`/settings#connected-apps lands on its heading and stays there while the page loads, at ${width} px (${theme})`, async ({ page }) => {
    await skipConsentBanner(page);
    await page.setViewportSize({ width, height: 844 });
    await chooseTheme(page, theme);
    await signInViaApi(page, "Hash Landing");
    await page.goto("/settings#connected-apps");
    const heading = page.getByRole("heading", { level: 2, name: "Connected apps" });
    await expect(heading).toBeInViewport();
    // Every section above has loaded its own list (each loading one says so while it does).
    await expect(page.locator("#main").getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(page.getByText("No app is connected.")).toBeVisible();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top / window.innerHeight);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(0.4);
    expect(await axeViolations(page, ["#main"])).toEqual([]);
  });
}
