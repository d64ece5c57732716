import { render, screen, within } from "@testing-library/react";
import { StdioPackageCard } from "@/components/servers/stdio-package-card";
import type { ProcessStateDto } from "@/lib/servers/responses";

const STDIO = { package: { registryType: "npm" as const, identifier: "pkg", version: "1.0.0" }, integrity: null, args: [], env: [], egress: [] };
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();
const SOON = new Date(Date.now() + 60_000).toISOString();

const shown = (process: ProcessStateDto | null) => {
  render(<StdioPackageCard stdio={STDIO} process={process} />);
  expect(screen.getByRole("heading", { name: "Process" })).toBeVisible();
  return within(screen.getByLabelText("Process"));
};

it("says a process that never ran on this instance has not started, and nothing more", () => {
  const list = shown(null);
  expect(list.getByText("Not started yet")).toBeVisible();
  expect(list.queryByText("Last exit")).toBeNull();
  expect(list.queryByText("Restarts")).toBeNull();
});

it("shows a running process, since when, and why the one before it ended", () => {
  const list = shown({
    state: "running",
    since: AN_HOUR_AGO,
    lastExit: { reason: "The server crashed (SIGKILL).", at: AN_HOUR_AGO },
    restarts: 1,
    restartAfter: null,
  });
  expect(list.getByText(/^Running since/)).toBeVisible();
  expect(list.getByText("The server crashed (SIGKILL).")).toBeVisible();
  expect(list.getByText("1 restart after a failure")).toBeVisible();
  expect(list.queryByText("Next start")).toBeNull();
});

it("shows a failed process with its reason and when the next use starts it again", () => {
  const list = shown({
    state: "failed",
    since: AN_HOUR_AGO,
    lastExit: { reason: "The server ran out of its 536870912 bytes of memory and was stopped.", at: AN_HOUR_AGO },
    restarts: 0,
    restartAfter: SOON,
  });
  expect(list.getByText(/^Failed,/)).toBeVisible();
  expect(list.getByText("The server ran out of its 536870912 bytes of memory and was stopped.")).toBeVisible();
  expect(list.getByText(/^On the next use after/)).toBeVisible();
  expect(list.getByText("None")).toBeVisible();
});
