import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { LocalTime } from "@/components/app/local-time";

const ISO = "2026-11-24T04:42:07.000Z";

it("arrives from the server in UTC, the same text the browser hydrates with, then shows the reader's local time", () => {
  expect(renderToString(<LocalTime iso={ISO} />)).toContain("2026-11-24 04:42 UTC");
  render(<LocalTime iso={ISO} />);
  expect(screen.getByText(new Date(ISO).toLocaleString())).toHaveAttribute("datetime", ISO);
});
