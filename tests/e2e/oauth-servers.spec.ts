import { expect, test } from "@playwright/test";
import { startTsProcess, type TsProcess } from "../support/ts-process";
import { signInViaApi } from "./support";

/**
 * Signing in to a server behind OAuth from its page, as a person does: the
 * console sends the browser to a real authorization server (oidc-provider,
 * tests/support/oauth-peer.ts), the person signs in and allows there, and the
 * browser comes back to the server's page, signed in.
 */

let peer: TsProcess;

test.beforeAll(async () => {
  peer = await startTsProcess("tests/support/oauth-peer.ts");
});

test.afterAll(async () => {
  await peer?.stop();
});

test("a server behind OAuth is signed in to from its page, and reconnected after its grant is revoked", async ({ page }) => {
  await signInViaApi(page);
  const created = await page.request.post("/api/servers", { data: { name: "Protected e2e", transport: "streamable-http", url: `${peer.origin}/mcp` } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/servers/${id}`);
  const card = page.getByRole("alert").filter({ hasText: "Sign-in (OAuth)" });
  await expect(card).toContainText("asks its users to sign in");
  await card.getByRole("button", { name: "Sign in" }).click();

  // The authorization server's own pages.
  await page.waitForURL(new RegExp(`^${peer.origin}/as/interaction/`));
  await page.locator('input[name="login"]').fill("grace");
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: /sign-in/i }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await page.waitForURL(new RegExp(`/servers/${id}\\?signedIn=1$`));
  await expect(page.getByText("Signed in. The console refreshes the access token before it expires.")).toBeVisible();
  await expect(page.getByText("Access token expires")).toBeVisible();

  // Revoked at the provider: the next use says so, and Reconnect signs in again.
  await fetch(`${peer.origin}/test/revoke-all`, { method: "POST" });
  await fetch(`${peer.origin}/test/reject-issued`, { method: "POST" });
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const call = await page.request.post(`/api/servers/${id}/call`, { data: { method: "tools/call", params: { name: "whoami" } } });
  expect(await call.text()).toContain("Reauthorization required");
  await page.reload();
  const again = page.getByRole("alert").filter({ hasText: "Reauthorization required" });
  await again.getByRole("button", { name: "Reconnect" }).click();
  await page.waitForURL(new RegExp(`^${peer.origin}/as/interaction/`));
  await page.locator('input[name="login"]').fill("grace");
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: /sign-in/i }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(new RegExp(`/servers/${id}\\?signedIn=1$`));
  const after = await page.request.post(`/api/servers/${id}/call`, { data: { method: "tools/call", params: { name: "whoami" } } });
  expect(await after.text()).toContain("signed in as grace");
});
