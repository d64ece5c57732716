import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { answerCookieBanner, chooseTheme, createAccount, PASSWORD } from "./support";

async function signIn(page: Page) {
  await answerCookieBanner(page);
  const account = await createAccount(page.request, undefined, "Avery Activity");
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

async function createServer(page: Page, name: string) {
  // Port 9 refuses at once: the server is saved, its discovery fails fast.
  const res = await page.request.post("/api/servers", { data: { name, transport: "streamable-http", url: "http://127.0.0.1:9/mcp" } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const events = (page: Page) => page.getByRole("list", { name: "Events, newest first" }).getByRole("listitem");

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("browse, filter and open the events that real actions produced", async ({ page }) => {
  await signIn(page);
  const alpha = await createServer(page, "Alpha activity");
  await createServer(page, "Beta activity");
  await page.goto("/settings");
  await page.getByRole("region", { name: "Profile" }).getByLabel("Display name").fill("Avery A. Activity");
  await page.getByRole("region", { name: "Profile" }).getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved").first()).toBeVisible();

  await page.getByRole("link", { name: "Activity" }).first().click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(events(page).first()).toContainText("Changed settings: display name");
  await expect(page.getByRole("list", { name: "Events, newest first" })).toContainText("Signed in with email and password");
  await expect(page.getByText("That is everything.")).toBeVisible();

  // The server events link to their server.
  const created = events(page).filter({ hasText: "Server created" }).filter({ hasText: "Alpha activity" });
  await expect(created.getByRole("link", { name: "Server Alpha activity" })).toHaveAttribute("href", `/servers/${alpha}`);

  // Details on demand.
  const settingsEvent = events(page).filter({ hasText: "Changed settings: display name" });
  const toggle = settingsEvent.getByRole("button", { name: /^Details of/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(settingsEvent.getByText('"display name"')).toBeVisible();
  await expect(settingsEvent.getByText("User agent")).toBeVisible();

  await choose(page, "Action", "Server created");
  await expect(page).toHaveURL(/\/activity\?action=server\.created$/);
  await expect(events(page)).toHaveCount(2);
  await choose(page, "Server", "Alpha activity");
  await expect(page).toHaveURL(new RegExp(`action=server\\.created&server=${alpha}`));
  await expect(events(page)).toHaveCount(1);
  await expect(events(page).first()).toContainText("Alpha activity");

  // The filters survive a reload: they live in the URL.
  await page.reload();
  await expect(events(page)).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Action" })).toHaveText("Server created");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From").fill(tomorrow);
  await expect(page.getByRole("heading", { name: "No matching events" })).toBeVisible();
});

test("load more pages through a long log", async ({ page }) => {
  await signIn(page);
  for (let i = 0; i < 14; i++) {
    const res = await page.request.patch("/api/user/settings", { data: { emailAlerts: i % 2 === 1 } });
    expect(res.ok()).toBe(true);
  }
  for (let i = 0; i < 14; i++) {
    const res = await page.request.patch("/api/user/settings", { data: { displayName: `Name ${i}` } });
    expect(res.ok()).toBe(true);
  }
  const all = (await (await page.request.get("/api/activity?limit=100")).json()) as { events: unknown[] };
  expect(all.events.length).toBeGreaterThanOrEqual(29);
  await page.goto("/activity");
  await expect(events(page)).toHaveCount(25);
  await expect(events(page).first()).toContainText("Changed settings: display name");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(events(page)).toHaveCount(all.events.length);
  await expect(events(page).last()).toContainText("Signed in with email and password");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("the free tier sees what export gives and how to get it; the API refuses it", async ({ page }) => {
  await signIn(page);
  await page.goto("/activity");
  const exportPanel = page.getByRole("region", { name: "Export to CSV or JSON" });
  await expect(exportPanel).toContainText("With the Pro or Enterprise plan");
  await expect(exportPanel.getByRole("table", { name: /A row of your export/ })).toContainText("auth.sign_in");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);

  const refused = await page.request.get("/api/activity/export?format=csv");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: "plan_required", feature: "dataExport" });

  await exportPanel.getByRole("link", { name: "Ask for the Pro plan" }).click();
  await expect(page).toHaveURL(/\/support\?category=billing/);
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("Upgrade to Pro for data export");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveText("Plan and billing");
});

for (const theme of ["light", "dark"] as const) {
  test(`activity, settings and support have no axe violations (${theme} theme)`, async ({ page }) => {
    await chooseTheme(page, theme);
    await signIn(page);
    const ticket = await page.request.post("/api/support/tickets", { data: { subject: "Axe check", category: "question", message: "Is this accessible?" } });
    const { id } = ((await ticket.json()) as { ticket: { id: string } }).ticket;

    await page.goto("/activity");
    await expect(events(page).first()).toBeVisible();
    await events(page).first().getByRole("button", { name: /^Details of/ }).click();
    await expect(events(page).first().getByText("User agent")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/settings");
    await expect(page.getByRole("region", { name: "Delete my account" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/support");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/support?ticket=${id}`);
    await expect(page.getByRole("list", { name: "Messages" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
