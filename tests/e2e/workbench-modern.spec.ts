import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { inputTools, type InputRound } from "../support/modern-input-tools";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { chooseTheme, signInViaApi } from "./support";

/**
 * The workbench with a server that speaks only MCP 2026-07-28: a tool that
 * asks for input answers `input_required`, the person fills in the form the
 * workbench shows for it, and the call, retried with the answer and the
 * server's state, shows its result. At a phone's width and a desktop's,
 * light and dark: the form and the result fit and pass axe.
 */

let server: ModernServer;
const rounds: InputRound[] = [];

test.beforeAll(async () => {
  server = await startModernServer("reject", await inputTools(rounds));
});

test.afterAll(async () => {
  await server?.stop();
});

async function openBooking(page: Page) {
  await signInViaApi(page, "Ada Lovelace");
  const res = await page.request.post("/api/servers", { data: { name: "Modern bookings", transport: "streamable-http", url: server.url } });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto("/workbench");
  await page.getByRole("list", { name: "Tools" }).getByRole("button", { name: /^book-table/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "book-table" })).toBeVisible();
  await page.getByRole("button", { name: "Run tool" }).click();
  const call = page.getByRole("region", { name: "Call of book-table" });
  const form = call.getByRole("form", { name: "Input the server asks for" });
  await expect(form).toBeVisible({ timeout: 20_000 });
  return { call, form };
}

/** Kept beside the test's results, for a person to look at the screen as it was. */
async function keepScreenshot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("a modern server's tool that answers input_required: the form is filled in and the result shown", async ({ page }) => {
  rounds.length = 0;
  const { call, form } = await openBooking(page);
  await expect(call.getByRole("region", { name: "The server asks you for input" }).getByText("Who is the table for?")).toBeVisible();
  // The server's schema is checked before the answer goes: 40 guests is more than it allows.
  await form.getByRole("textbox", { name: /^name/ }).fill("Ada Lovelace");
  await form.getByRole("spinbutton", { name: /^guests/ }).fill("40");
  await form.getByRole("button", { name: "Send", exact: true }).click();
  await expect(form.getByRole("spinbutton", { name: /^guests/ })).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("spinbutton", { name: /^guests/ }).fill("4");
  await form.getByRole("button", { name: "Send", exact: true }).click();

  await expect(call.getByRole("heading", { name: "Result of book-table" })).toBeVisible({ timeout: 20_000 });
  await expect(call.getByText("Table booked for Ada Lovelace, 4 guests.")).toBeVisible();
  // The answer names the revision it was spoken in.
  await expect(call.getByText(/^Revision: MCP 2026-07-28$/)).toBeVisible();
  // The retry carried the server's state back as it was given.
  expect(rounds.map((round) => round.echoed ?? null)).toEqual([null, rounds[0].minted]);
});

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

for (const size of SIZES) {
  for (const theme of ["light", "dark"] as const) {
    test.describe(`at ${size.width} px, ${theme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: theme });

      test(`the form and the result fit the screen and pass axe (${size.name}, ${theme})`, async ({ page }, info) => {
        test.setTimeout(60_000);
        await chooseTheme(page, theme);
        const { call, form } = await openBooking(page);
        await form.scrollIntoViewIfNeeded();
        expect(await fitsTheScreen(page)).toBe(true);
        expect(await axeViolations(page, ["#main"])).toEqual([]);
        await keepScreenshot(page, info, `form-${size.width}-${theme}`);

        await form.getByRole("textbox", { name: /^name/ }).fill("Grace Hopper");
        await form.getByRole("spinbutton", { name: /^guests/ }).fill("2");
        await form.getByRole("button", { name: "Send", exact: true }).click();
        await expect(call.getByText("Table booked for Grace Hopper, 2 guests.")).toBeVisible({ timeout: 20_000 });
        await call.scrollIntoViewIfNeeded();
        expect(await fitsTheScreen(page)).toBe(true);
        expect(await axeViolations(page, ["#main"])).toEqual([]);
        await keepScreenshot(page, info, `result-${size.width}-${theme}`);
      });
    });
  }
}
