import { expect, test } from "@playwright/test";
import { answerCookieBanner, PASSWORD, uniqueEmail } from "./support";

test("a new user deletes their account: everything goes, and signing in again fails", async ({ page }) => {
  await answerCookieBanner(page);
  const email = uniqueEmail("leaver");
  await page.goto("/auth/register");
  await page.getByLabel(/Display name/).fill("Lea Leaving");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel(/Confirm password/).fill(PASSWORD);
  await page.getByRole("button", { name: /Create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email$/);

  // Leave something behind that must go too: a ticket.
  const ticket = await page.request.post("/api/support/tickets", { data: { subject: "Before I go", category: "other", message: "Thanks for everything." } });
  expect(ticket.status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("region", { name: "Delete my account" }).getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account for good?" });
  const confirm = dialog.getByRole("button", { name: "Delete everything" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/localhost:\d+\/$/);
  // The session is gone, and so is the account behind it.
  expect((await page.request.get("/api/user/subscription")).status()).toBe(401);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});
