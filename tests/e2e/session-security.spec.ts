import http from "node:http";
import { expect, test } from "@playwright/test";
import { answerCookieBanner, createAccount, PASSWORD } from "./support";

/**
 * A POST from a local address of its own (127.0.0.0/8 is all loopback), so
 * that the sign-in limit it spends is not the one the other tests sign in from.
 */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: "POST", localAddress, headers: { "content-type": "application/json", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

test("25 sign-in attempts with forged X-Forwarded-For from one connection meet the limit", async ({ baseURL }) => {
  const url = new URL("/api/auth/session", baseURL).toString().replace("localhost", "127.0.0.1");
  const body = { idToken: "forged", uid: "someone", email: "someone@example.com", displayName: null, photoURL: null };
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    statuses.push(await postFrom("127.0.0.23", url, body, { origin: baseURL!, "x-forwarded-for": `198.51.100.${i}` }));
  }
  expect(statuses.filter((s) => s === 401)).toHaveLength(20);
  expect(statuses).toContain(429);
});

test("sign out everywhere ends the account's session in another browser", async ({ page, browser }) => {
  await answerCookieBanner(page);
  const account = await createAccount(page.request, undefined, "Eve Everywhere");
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same account in another browser, with a session of its own.
  const other = await browser.newContext();
  const session = await other.request.post("/api/auth/session", {
    data: { idToken: account.idToken, uid: account.uid, email: account.email, displayName: "Eve Everywhere", photoURL: null },
  });
  expect(session.ok(), await session.text()).toBe(true);
  expect((await other.request.get("/api/user/subscription")).status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect((await other.request.get("/api/user/subscription")).status()).toBe(401);
  await other.close();
});
