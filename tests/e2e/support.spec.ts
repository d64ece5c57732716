import { expect, test, type Page } from "@playwright/test";
import { answerCookieBanner, signInViaApi } from "./support";

async function signIn(page: Page, name: string) {
  await answerCookieBanner(page);
  return signInViaApi(page, name);
}

test("the ticket form checks its fields, files a ticket about a server, and lists it", async ({ page }) => {
  await signIn(page, "Stella Support");
  const server = await page.request.post("/api/servers", { data: { name: "Gamma support", transport: "sse", url: "http://127.0.0.1:9/sse" } });
  expect(server.status(), await server.text()).toBe(201);

  await page.goto("/support");
  await expect(page.getByRole("heading", { name: "No tickets yet" })).toBeVisible();
  await page.getByRole("button", { name: "Send ticket" }).click();
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveAccessibleDescription("Write a subject of at least 3 characters.");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveAccessibleDescription("Choose a category.");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription("Write a message.");

  await page.getByRole("textbox", { name: "Subject" }).fill("Discovery times out");
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Question" }).click();
  await page.getByRole("combobox", { name: "Server (optional)" }).click();
  await page.getByRole("option", { name: "Gamma support" }).click();
  await page.getByRole("textbox", { name: "Message" }).fill("Discovery of Gamma never finishes.");
  await page.getByRole("button", { name: "Send ticket" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Discovery times out" })).toBeVisible();
  await expect(page.getByText("Server Gamma support")).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Discovery of Gamma never finishes.");

  await page.getByRole("link", { name: "All tickets" }).click();
  const list = page.getByRole("list", { name: "Your tickets" });
  await expect(list.getByRole("link", { name: /Discovery times out/ })).toContainText("Question · Gamma support · 1 message");
});

test("another user's ticket is not there", async ({ page, browser }) => {
  await signIn(page, "Owner Olga");
  const res = await page.request.post("/api/support/tickets", { data: { subject: "Mine alone", category: "billing", message: "Private billing details." } });
  const { ticket } = (await res.json()) as { ticket: { id: string } };

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, "Nosy Nick");
  await otherPage.goto(`/support?ticket=${ticket.id}`);
  await expect(otherPage.getByRole("alert").filter({ hasText: "404: This ticket does not exist." })).toBeVisible();
  await expect(otherPage.getByText("Private billing details.")).toHaveCount(0);
  await other.close();
});
