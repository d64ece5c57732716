import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LatencyChart } from "@/components/monitoring/latency-chart";
import { UptimeBar, uptimeBarSummary } from "@/components/monitoring/uptime-bar";
import { bucket, uptime } from "./fixtures";

beforeAll(() => {
  // jsdom has no ResizeObserver; a responsive chart measures itself with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe("the latency chart", () => {
  it("says the percentiles and the slowest period in words, beside the drawing", () => {
    const series = [bucket(0), bucket(1, { latency: { p50: 400, p95: 1500, p99: 1600 } }), bucket(2)];
    render(<LatencyChart uptime={uptime(series)} />);
    const figure = screen.getByRole("figure");
    // The drawing is hidden from assistive technology; the caption carries the same facts.
    expect(screen.getByTestId("latency-chart")).toHaveAttribute("aria-hidden", "true");
    expect(within(figure).getByTestId("latency-summary")).toHaveTextContent(
      /Latency over the last 24 hours: median \(p50\) 120 ms, p95 340 ms\. Slowest period: Nov 20, 01:00–02:00, p95 1\.50 s\./,
    );
  });

  it("says so in words when p50 and p95 coincide in every period, as they do for one check per period", () => {
    const same = { p50: 150, p95: 150, p99: 150 };
    render(<LatencyChart uptime={uptime([bucket(0, { latency: same }), bucket(1, { latency: same })], { latency: same })} />);
    expect(screen.getByTestId("latency-summary")).toHaveTextContent(/p50 and p95 are the same in every period\.$/);
  });

  it("offers every period's numbers as a table", async () => {
    const user = userEvent.setup();
    render(<LatencyChart uptime={uptime([bucket(0), bucket(1, { checks: 0, uptimePct: null, latency: null }), bucket(2, { failed: 3, uptimePct: 95 })])} />);
    await user.click(screen.getByText("Show the numbers as a table"));
    const table = screen.getByRole("table", { name: "Latency and uptime by period" });
    const rows = within(table).getAllByRole("row").slice(1);
    // Periods without checks are left out rather than shown as zero.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent(/Nov 20, 02:00–03:00\s*102 ms\s*202 ms\s*60\s*95\.0%/);
  });

  it("says so when nothing was measured, and draws nothing", () => {
    render(<LatencyChart uptime={uptime([bucket(0, { checks: 0, uptimePct: null, latency: null })], { latency: null, uptimePct: null })} />);
    expect(screen.queryByTestId("latency-chart")).not.toBeInTheDocument();
    expect(screen.getByTestId("latency-summary")).toHaveTextContent("No latency measured over the last 24 hours.");
  });
});

describe("the uptime bar", () => {
  const buckets = [
    bucket(0),
    bucket(1, { failed: 1, uptimePct: 98.33 }),
    bucket(2, { failed: 30, uptimePct: 50 }),
    bucket(3, { checks: 0, uptimePct: null, latency: null }),
    bucket(4, { degraded: 4 }),
  ];

  it("has one slot per bucket, coloured by how it went, with its numbers in a title", () => {
    render(<UptimeBar buckets={buckets} uptimePct={89.6} label="Uptime, last 24 hours" startLabel="24 hours ago" />);
    const slots = Array.from(screen.getByTestId("uptime-bar").children);
    expect(slots.map((s) => s.getAttribute("data-level"))).toEqual(["up", "degraded", "down", "none", "degraded"]);
    expect(slots[2]).toHaveAttribute("title", "Nov 20, 02:00–03:00: 50.0% up (60 checks, 30 failed)");
    expect(slots[3]).toHaveAttribute("title", "Nov 20, 03:00–04:00: no checks");
    expect(slots[4]).toHaveAttribute("title", expect.stringContaining("4 slow"));
  });

  it("reads out the troubled periods, worst first, instead of every slot", () => {
    render(<UptimeBar buckets={buckets} uptimePct={89.6} label="Uptime, last 24 hours" startLabel="24 hours ago" />);
    const caption = screen.getByRole("figure").querySelector("figcaption")!;
    expect(caption).toHaveTextContent(
      "Uptime, last 24 hours. 89.6% up overall. 3 of 5 periods had problems: outage on Nov 20, 02:00–03:00 (50.0% up); slow or failed checks on Nov 20, 01:00–02:00 (98.3% up); slow or failed checks on Nov 20, 04:00–05:00 (100% up). 1 of 5 periods had no checks.",
    );
    expect(screen.getByTestId("uptime-bar")).toHaveAttribute("aria-hidden", "true");
  });

  it("counts what it does not list when many periods had problems", () => {
    const bad = Array.from({ length: 12 }, (_, i) => bucket(i, { failed: 1, uptimePct: 98 + i / 100 }));
    expect(uptimeBarSummary(bad, 98)).toMatch(/12 of 12 periods had problems: .*; and 4 more\.$/);
  });
});
