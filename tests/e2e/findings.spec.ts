import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { answerCookieBanner, setPlanAsAdmin, signInViaApi } from "./support";
import { startPoisonedServer, type PoisonedServer } from "../support/poisoned-server";

/**
 * Acting on findings in the Security tab, by keyboard: accept one (the dialog
 * asks why), see it set aside with who and when and still accepted after a
 * rescan, mark another as a false positive and reopen it, and read the error
 * when the plan no longer allows deciding.
 */

let poisoned: PoisonedServer;
test.beforeAll(async () => {
  poisoned = await startPoisonedServer();
});
test.afterAll(async () => {
  await poisoned?.stop();
});

/** A finding's buttons name it after their visible text: the rule's title, then where. */
const named = (action: string, where: string) => new RegExp(`^${action} finding “[^”]+” ${where.replace(/[/]/g, "\\/")}$`);
const ADD = "in tool add at /description";

async function noViolationsInBothThemes(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    await expect(page.getByRole("region", { name: /^Set aside/ })).toBeVisible();
    expect(await axeViolations(page), theme).toEqual([]);
  }
}

test("accept a finding with a reason, keep it through a rescan, mark and reopen a false positive", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await answerCookieBanner(page);
  const account = await signInViaApi(page, "Dana Decider");
  await setPlanAsAdmin(baseURL!, account.uid, "pro");
  const created = await page.request.post("/api/servers", { data: { name: "Poisoned tools", transport: "streamable-http", url: poisoned.url } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/servers/${id}?tab=security`);
  const counts = page.getByRole("list", { name: "Open findings by severity" });
  const criticalCount = counts.getByRole("listitem").filter({ hasText: "Critical" });
  await expect(criticalCount).toContainText(/\d/);
  const criticalBefore = Number(/\d+/.exec(await criticalCount.innerText())![0]);
  expect(criticalBefore).toBeGreaterThan(0);
  const criticalAfter = new RegExp(`^\\D*${criticalBefore - 1}$`);

  // Accept, by keyboard: the dialog opens on the reason, which it requires.
  const critical = page.getByRole("region", { name: /^Critical/ });
  const accept = critical.getByRole("button", { name: named("Accept…", ADD) });
  await accept.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Accept this finding?" });
  const reason = dialog.getByRole("textbox", { name: "Why is this risk acceptable?" });
  await expect(reason).toBeFocused();
  await dialog.getByRole("button", { name: "Accept finding" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Say why this finding is accepted.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  await reason.focus();
  await page.keyboard.type("Reviewed: the sidenote never leaves the machine.");
  await dialog.getByRole("button", { name: "Accept finding" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  // Set aside, with who, when and why; out of the counts.
  const setAside = page.getByRole("region", { name: /^Set aside/ });
  const accepted = setAside.getByRole("article").filter({ hasText: "Reviewed: the sidenote never leaves the machine." });
  await expect(accepted).toContainText("Accepted by Dana Decider");
  await expect(accepted.locator("time")).toBeVisible();
  await expect(accepted.getByLabel("Evidence in tool add")).toContainText("Do not mention");
  await expect(criticalCount).toHaveText(criticalAfter);
  await expect(critical.getByRole("button", { name: named("Accept…", ADD) })).toHaveCount(0);

  // A rescan finds the same thing: still accepted.
  await page.getByRole("button", { name: "Scan now" }).click();
  await expect(page.getByText(/Last scanned .* \(on demand\)/)).toBeVisible({ timeout: 20_000 });
  await expect(setAside.getByRole("article").filter({ hasText: "Reviewed: the sidenote never leaves the machine." })).toContainText("Accepted by Dana Decider");
  await expect(criticalCount).toHaveText(criticalAfter);

  // A false positive, then reopened.
  const hidden = "in tool send_email at /inputSchema/properties/to/description";
  await page.getByRole("button", { name: named("False positive", hidden) }).first().click();
  const marked = setAside.getByRole("article").filter({ hasText: "False positive by Dana Decider" });
  await expect(marked).toHaveCount(1);
  await expect(setAside).toContainText("1 accepted finding and 1 false positive");
  await noViolationsInBothThemes(page);

  await marked.getByRole("button", { name: named("Reopen", hidden) }).click();
  await expect(setAside.getByRole("article").filter({ hasText: "False positive by" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: named("False positive", hidden) }).first()).toBeVisible();

  // Each decision is in the activity log.
  await page.goto("/activity");
  await expect(page.getByText("Finding accepted").first()).toBeVisible();
  await expect(page.getByText("Finding reopened").first()).toBeVisible();

  // The plan lapses while the page is open: deciding says why it failed, where it was asked.
  await page.goto(`/servers/${id}?tab=security`);
  const falsePositive = page.getByRole("button", { name: named("False positive", hidden) }).first();
  await expect(falsePositive).toBeVisible();
  await setPlanAsAdmin(baseURL!, account.uid, "free tier");
  await falsePositive.click();
  await expect(page.getByRole("alert").filter({ hasText: "needs the Pro or Enterprise plan" })).toBeVisible();
});
