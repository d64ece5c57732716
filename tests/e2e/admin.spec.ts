import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { waitForMail } from "./mailbox";
import { ADMIN_EMAIL, adminIdToken, answerCookieBanner, signInViaApi } from "./support";

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await answerCookieBanner(context);
  const page = await context.newPage();
  const { uid, idToken } = await adminIdToken(page.request);
  const res = await page.request.post("/api/auth/session", { data: { idToken, uid, email: ADMIN_EMAIL, displayName: "Ada Admin", photoURL: null } });
  expect(((await res.json()) as { user: { role: string } }).user.role).toBe("admin");
  return page;
}

async function userPage(page: Page, name: string) {
  await answerCookieBanner(page);
  return signInViaApi(page, name);
}

test("administration is for administrators only", async ({ page, browser }) => {
  await userPage(page, "Una User");
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Activity" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  // Not found, with the status to match, and the console's navigation to go on from.
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);

  const admin = await adminPage(browser);
  await admin.goto("/dashboard");
  await admin.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Admin" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  await admin.context().close();
});

test("the administration pages have no axe violations", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin");
  await expect(admin.getByRole("row").nth(1)).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.getByRole("button", { name: /^Edit / }).first().click();
  await expect(admin.getByRole("dialog")).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.goto("/admin/support");
  await expect(admin.getByRole("tab", { name: "Tickets" })).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.context().close();
});

test("an administrator gives a user Pro until a date; the user then exports the log as CSV and JSON", async ({ page, browser }) => {
  const user = await userPage(page, "Pia Pro");
  await page.goto("/activity");
  await expect(page.getByRole("region", { name: "Export to CSV or JSON" })).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto("/admin");
  await admin.getByLabel("Search by email or name").fill(user.email);
  const row = admin.getByRole("row").filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Free");
  await row.getByRole("button", { name: `Edit ${user.email}` }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Plan" }).click();
  await admin.getByRole("option", { name: "Pro", exact: true }).click();
  const until = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Plan ends after (optional)").fill(until);
  await dialog.getByRole("button", { name: "Save" }).click();
  const updated = admin.getByRole("row").filter({ hasText: user.email });
  await expect(updated).toContainText(`until ${until}`);
  await expect(updated.getByRole("cell").nth(2)).toContainText("Pro");
  await admin.context().close();

  await page.reload();
  await expect(page.getByRole("list", { name: "Events, newest first" }).getByRole("listitem").first()).toContainText(`Plan changed from Free to Pro until ${until} by an administrator`);
  await expect(page.getByRole("region", { name: "Export", exact: true })).toBeVisible();

  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^mcp-console-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(fs.readFileSync((await csvDownload.path())!, "utf8"), { columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["account.plan_changed", "auth.sign_in"]));
  expect(JSON.parse(rows.find((r) => r.action === "account.plan_changed")!.metadata)).toMatchObject({ to: { plan: "pro" } });
  // The export is recorded once complete: not in its own file, but in the log right after.
  expect(rows.map((r) => r.action)).not.toContain("export.downloaded");
  await page.reload();
  await expect(page.getByRole("list", { name: "Events, newest first" }).getByRole("listitem").first()).toContainText(
    `Exported ${rows.length} events of the activity log as CSV`,
  );

  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Signed in", exact: true }).click();
  const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON" }).click()]);
  const exported = JSON.parse(fs.readFileSync((await jsonDownload.path())!, "utf8")) as { action: string; createdAt: string }[];
  expect(exported.map((e) => e.action)).toEqual(["auth.sign_in"]);
  expect(exported[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
});

test("a support ticket answered by an administrator, with both mails", async ({ page, browser }) => {
  const user = await userPage(page, "Tess Ticket");
  const subject = `Checks fail at night ${Date.now().toString(36)}`;
  await page.goto("/support");
  await expect(page.getByText("We email you when the team answers.")).toBeVisible();
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Something is broken" }).click();
  await page.getByRole("textbox", { name: "Message" }).fill("Every night at 02:00 the checks of my server fail for ten minutes.");
  await page.getByRole("button", { name: "Send ticket" }).click();
  await expect(page).toHaveURL(/\/support\?ticket=/);
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(page.getByText("Open", { exact: true })).toBeVisible();

  const toAdmin = await waitForMail((m) => m.subject === `[MCP Console] New ticket: ${subject}`);
  expect(toAdmin.to).toContain(ADMIN_EMAIL);
  expect(toAdmin.text).toContain(user.email);
  expect(toAdmin.text).toContain("> Every night at 02:00");

  const admin = await adminPage(browser);
  await admin.goto("/admin/support");
  await admin.getByRole("list", { name: "Support tickets" }).getByRole("link", { name: new RegExp(subject) }).click();
  await expect(admin.getByText(`From Tess Ticket <${user.email}>`)).toBeVisible();
  await admin.getByLabel("Your answer").fill("A nightly backup on our side; it is fixed now.");
  await admin.getByRole("button", { name: "Send answer" }).click();
  await expect(admin.getByRole("combobox", { name: "Status" })).toHaveText("Answered");

  const toUser = await waitForMail((m) => m.subject === `[MCP Console] New answer: ${subject}`);
  expect(toUser.to).toEqual([user.email]);
  expect(toUser.text).toContain("> A nightly backup on our side; it is fixed now.");
  expect(toUser.text).toMatch(/\/support\?ticket=[0-9a-f-]{36}/);

  await page.reload();
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(thread.getByRole("listitem")).toHaveCount(2);
  await expect(thread.getByRole("listitem").last()).toContainText("MCP Console support");
  await expect(thread.getByRole("listitem").last()).toContainText("A nightly backup on our side");
  await expect(page.getByText("Answered", { exact: true })).toBeVisible();
  await page.getByLabel("Your reply").fill("Thanks, all green tonight.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(thread.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Close ticket" }).click();
  await expect(page.getByRole("button", { name: "Reopen ticket" })).toBeVisible();
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();

  // The inbox also holds the public contact form's messages.
  const contact = await page.request.post("/api/contact", { data: { name: "Vera Visitor", email: "vera@example.com", subject: `Pricing ${subject}`, message: "Is there a discount for schools?" } });
  expect(contact.ok(), await contact.text()).toBe(true);
  await admin.goto("/admin/support");
  await admin.getByRole("tab", { name: "Contact messages" }).click();
  const message = admin.getByRole("list", { name: "Contact messages" }).getByRole("listitem").filter({ hasText: `Pricing ${subject}` });
  await expect(message).toContainText("Is there a discount for schools?");
  await message.getByRole("combobox", { name: /^Status of/ }).click();
  await admin.getByRole("option", { name: "Read" }).click();
  await expect(message.getByRole("combobox", { name: /^Status of/ })).toHaveText("Read");
  await admin.context().close();
});
