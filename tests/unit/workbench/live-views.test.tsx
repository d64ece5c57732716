import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { LogPanel, type LogEntry } from "@/components/workbench/log-panel";
import { ProgressView } from "@/components/workbench/progress-view";
import { DurationBadge } from "@/components/workbench/results/duration-badge";

describe("ProgressView", () => {
  it("shows determinate progress with an accessible name, values and a live message", () => {
    const { rerender } = render(<ProgressView progress={2} total={5} message="Step 2 of 5" />);
    const bar = screen.getByRole("progressbar", { name: "Call progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "2");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "5");
    expect(bar).toHaveAttribute("aria-valuetext", "2 of 5 (40%)");
    expect(screen.getByRole("status")).toHaveTextContent("Step 2 of 5");

    rerender(<ProgressView progress={5} total={5} message="Done" />);
    expect(bar).toHaveAttribute("aria-valuenow", "5");
    expect(screen.getByText("5 of 5 (100%)")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Done");
  });

  it("is indeterminate without a total", () => {
    render(<ProgressView progress={3} label="Indexing" />);
    const bar = screen.getByRole("progressbar", { name: "Indexing" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(screen.getByText("3 so far")).toBeInTheDocument();
  });

  it("is indeterminate before any notification", () => {
    render(<ProgressView />);
    expect(screen.getByRole("progressbar", { name: "Call progress" })).not.toHaveAttribute("aria-valuenow");
    expect(screen.getByText("Working…")).toBeInTheDocument();
  });
});

describe("DurationBadge", () => {
  it("announces itself as a duration", () => {
    render(<DurationBadge ms={87} />);
    expect(screen.getByText("Duration:")).toHaveClass("sr-only");
    expect(screen.getByText("87 ms")).toBeInTheDocument();
  });
});

describe("LogPanel", () => {
  const at = new Date(2025, 0, 31, 9, 30, 0);
  const entry = (level: string, data: unknown, logger?: string): LogEntry => ({ level, data, logger, time: at });

  it("shows each message with its level, logger and data", () => {
    render(
      <LogPanel
        entries={[entry("info", "Connected", "transport"), entry("error", { code: 42, reason: "boom" }), entry("debug", "tick")]}
      />,
    );
    const log = screen.getByRole("log", { name: "Server log" });
    const rows = log.querySelectorAll("li");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("info[transport]Connected");
    expect(rows[1]).toHaveTextContent('error{"code":42,"reason":"boom"}');
    expect(rows[1]).toHaveClass("bg-destructive/10");
    expect(rows[1].querySelector("span")).toHaveClass("text-destructive");
    expect(rows[2].querySelector("span")).toHaveClass("text-muted-foreground");
    expect(rows[0].querySelector("time")).toHaveAttribute("dateTime", at.toISOString());
    expect(screen.getByText("3 messages")).toBeInTheDocument();
  });

  it("clears what is shown and keeps showing what arrives later", async () => {
    const user = userEvent.setup({ delay: null });
    const onClear = jest.fn();
    const first = [entry("info", "one"), entry("info", "two")];
    const { rerender } = render(<LogPanel entries={first} onClear={onClear} />);
    await user.click(screen.getByRole("button", { name: "Clear server log" }));
    expect(onClear).toHaveBeenCalled();
    expect(screen.getByText("No log messages yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear server log" })).toBeDisabled();

    rerender(<LogPanel entries={[...first, entry("warning", "three")]} onClear={onClear} />);
    expect(screen.getByRole("log")).toHaveTextContent("warningthree");
    expect(screen.getByRole("log")).not.toHaveTextContent("one");
  });

  it("follows new messages at the bottom, but not after the reader scrolls up", async () => {
    const user = userEvent.setup({ delay: null });
    const entries = [entry("info", "a")];
    const { rerender } = render(<LogPanel entries={entries} />);
    const log = screen.getByRole("log");
    // jsdom does no layout: give the log a size and a scroll position to work with.
    let scrollTop = 0;
    let scrollHeight = 1000;
    Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 100 });
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => scrollHeight });
    Object.defineProperty(log, "scrollTop", { configurable: true, get: () => scrollTop, set: (v: number) => (scrollTop = v) });

    rerender(<LogPanel entries={[...entries, entry("info", "b")]} />);
    expect(scrollTop).toBe(1000);

    scrollTop = 300;
    act(() => {
      log.dispatchEvent(new Event("scroll"));
    });
    rerender(<LogPanel entries={[...entries, entry("info", "b"), entry("info", "c"), entry("info", "d")]} />);
    expect(scrollTop).toBe(300);

    await user.click(screen.getByRole("button", { name: "2 new, jump to latest" }));
    expect(scrollTop).toBe(1000);
    expect(screen.queryByRole("button", { name: /jump to latest/ })).not.toBeInTheDocument();

    scrollHeight = 1200;
    rerender(<LogPanel entries={[...entries, entry("info", "b"), entry("info", "c"), entry("info", "d"), entry("info", "e")]} />);
    expect(scrollTop).toBe(1200);
  });

  it("says when there are no messages", () => {
    render(<LogPanel entries={[]} />);
    expect(screen.getByText("No log messages yet.")).toBeInTheDocument();
  });
});
