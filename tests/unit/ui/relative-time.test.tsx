import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { RenderedAtProvider } from "@/components/app/clock";
import { RelativeTime } from "@/components/app/relative-time";

const ISO = "2026-11-24T04:42:07.000Z";
const MINUTE = 60_000;
const at = (minutesAfter: number) => new Date(ISO).getTime() + minutesAfter * MINUTE;

const page = (renderedAt: number, iso: string | null = ISO) => (
  <RenderedAtProvider at={renderedAt}>
    <RelativeTime iso={iso} />
  </RenderedAtProvider>
);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it("hydrates with the server's text, then gives the exact time in the reader's zone and keeps the relative time current", async () => {
  // The server rendered the page 5 minutes after the instant, in UTC; the browser hydrates it 2 minutes later.
  const html = renderToString(page(at(5)));
  expect(html).toContain("5 minutes ago");
  expect(html).toContain('title="Nov 24, 2026, 4:42:07 AM UTC"');

  jest.setSystemTime(at(7));
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(container, page(at(5)), { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();

  const time = screen.getByText("7 minutes ago");
  expect(time).toHaveAttribute("datetime", ISO);
  // In the reader's own time zone (this runtime's; the e2e test reads it in a browser 14 hours ahead of UTC).
  expect(time).toHaveAttribute("title", new Date(ISO).toLocaleString("en", { dateStyle: "medium", timeStyle: "long" }));

  await act(async () => {
    jest.advanceTimersByTime(2 * MINUTE);
  });
  expect(screen.getByText("9 minutes ago")).toBe(time);
});

it("shows the fallback when there is no time", () => {
  expect(renderToString(page(at(5), null))).toContain("Never");
});
