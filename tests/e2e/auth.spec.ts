import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { chooseTheme, createAccount, expiredSessionCookie, oobCodes, PASSWORD, uniqueEmail } from "./support";

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("register, verify the email from the emulator's link, reach the dashboard, sign out and in again", async ({ page }) => {
  const email = uniqueEmail("register");
  await page.goto("/auth/register");
  await page.getByLabel(/Display name/).fill("Grace Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel(/Confirm password/).fill(PASSWORD);
  await page.getByRole("button", { name: /Create account/i }).click();

  await expect(page).toHaveURL(/\/auth\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();

  const [code] = (await oobCodes(page.request, email)).filter((c) => c.requestType === "VERIFY_EMAIL");
  expect(code).toBeDefined();
  await page.goto(`/__/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(code.oobCode)}`);
  await expect(page).toHaveURL(/\/auth\/confirm-email-verification\?oobCode=/);
  await expect(page.getByText("Your email is verified")).toBeVisible();
  await page.getByRole("button", { name: "Continue to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The dashboard shows before its scripts have run: a click that early opens nothing, so click until the menu opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Account menu for Grace Hopper" }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth/login");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a wrong password shows its message and keeps the user on the form", async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto("/auth/login");
  await fillLogin(page, email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("the login form checks its fields before sending", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();
});

test("password reset end to end", async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto("/auth/reset-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /reset link|Send/i }).click();
  await expect(page.getByText(/we sent a link to reset its password/i)).toBeVisible();

  const [code] = (await oobCodes(request, email)).filter((c) => c.requestType === "PASSWORD_RESET");
  await page.goto(`/__/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(code.oobCode)}`);
  await expect(page).toHaveURL(/\/auth\/confirm-password-reset\?oobCode=/);
  await expect(page.getByText(email)).toBeVisible();
  const newPassword = "a-brand-new-passphrase";
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/Confirm/).fill(newPassword);
  await page.getByRole("button", { name: /Change password|Save|Reset/i }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await page.goto("/auth/login");
  await fillLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a protected URL with a query string leads through sign-in back to that exact URL", async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto("/servers?tag=prod&q=alpha");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fservers%3Ftag%3Dprod%26q%3Dalpha$/);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/servers\?tag=prod&q=alpha$/);
});

test("an open redirect in the login URL is ignored", async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto("/auth/login?redirect=%2F%2Fevil.example%2Fphish");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test("an expired session sends the user to sign in again, then back", async ({ page, context, request }) => {
  const { email, uid } = await createAccount(request);
  await page.goto("/auth/login");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await context.addCookies([await expiredSessionCookie(uid)]);
  await page.goto("/activity?range=7d");
  await expect(page).toHaveURL(/\/auth\/login\?expired=true&redirect=%2Factivity%3Frange%3D7d$/);
  await expect(page.getByText("Your session expired. Sign in again to continue.")).toBeVisible();
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/activity\?range=7d$/);
});

test("a signed-in user who opens a sign-in page goes to the dashboard", async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto("/auth/login");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth/register");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("a newcomer who opens another loopback name than APP_URL's", () => {
  // The Origin the browser itself sends: the config's extraHTTPHeaders would put APP_URL's on every request.
  test.use({ extraHTTPHeaders: {} });

  test("signs in and out at 127.0.0.1 while APP_URL says localhost (local mode)", async ({ page, request, baseURL }) => {
    const { email } = await createAccount(request, uniqueEmail(), "Newcomer Nel");
    const loopback = new URL(baseURL!);
    expect(loopback.hostname).toBe("localhost");
    loopback.hostname = "127.0.0.1";
    const at = (path: string) => new URL(path, loopback).href;

    await page.goto(at("/dashboard"));
    await expect(page).toHaveURL(at("/auth/login?redirect=%2Fdashboard"));
    const sessionWrite = page.waitForRequest((r) => r.url() === at("/api/auth/session") && r.method() === "POST");
    await fillLogin(page, email, PASSWORD);
    // The write that sets the session cookie carries the origin the user browses, not APP_URL's.
    expect((await (await sessionWrite).allHeaders()).origin).toBe(loopback.origin);
    await expect(page).toHaveURL(at("/dashboard"));
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("This request came from another site")).toHaveCount(0);

    // Signing out is a cookie-authenticated write from this origin too.
    await expect(async () => {
      await page.getByRole("button", { name: "Account menu for Newcomer Nel" }).click();
      await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(at("/"));
    await page.goto(at("/dashboard"));
    await expect(page).toHaveURL(at("/auth/login?redirect=%2Fdashboard"));
  });
});

for (const { width, theme } of [
  { width: 390, theme: "light" },
  { width: 1440, theme: "dark" },
] as const) {
  test(`in local mode "we sent a verification link" says where the link is, at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await chooseTheme(page, theme);
    const email = uniqueEmail("where-is-the-link");
    await page.goto("/auth/register");
    await page.getByLabel(/Display name/).fill("Hedy Lamarr");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel(/Confirm password/).fill(PASSWORD);
    await page.getByRole("button", { name: /Create account/i }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email$/);

    // No mail leaves a local console: the page points to the emulator's list, which holds this address's link.
    const note = page.getByRole("status").filter({ hasText: "no email is sent" });
    await expect(note).toBeVisible();
    const list = note.getByRole("link", { name: "list of sent links" });
    const href = (await list.getAttribute("href"))!;
    expect(href).toMatch(/\/emulator\/v1\/projects\/[^/]+\/oobCodes$/);
    const { oobCodes: listed } = (await (await page.request.get(href)).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    expect(listed.filter((c) => c.email === email && c.requestType === "VERIFY_EMAIL").map((c) => c.oobLink)).toEqual([expect.stringContaining("oobCode=")]);
    expect(await axeViolations(page, "document")).toEqual([]);
  });
}
