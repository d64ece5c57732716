import { render, screen } from "@testing-library/react";
import { STATUS_META, STATUS_ORDER } from "@/components/monitoring/server-status";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { SERVER_STATUSES } from "@/lib/servers/schema";

describe("server status badges", () => {
  it("give every status its own text, colour and icon", () => {
    const labels = SERVER_STATUSES.map((s) => STATUS_META[s].label);
    const colours = SERVER_STATUSES.map((s) => STATUS_META[s].badgeClass);
    const icons = SERVER_STATUSES.map((s) => STATUS_META[s].icon);
    expect(new Set(labels).size).toBe(SERVER_STATUSES.length);
    expect(new Set(colours).size).toBe(SERVER_STATUSES.length);
    expect(new Set(icons).size).toBe(SERVER_STATUSES.length);
    expect(STATUS_META.up.badgeClass).toContain("bg-success");
    expect(STATUS_META.degraded.badgeClass).toContain("bg-warning");
    expect(STATUS_META.down.badgeClass).toContain("bg-destructive");
  });

  it("lists the statuses that need attention first", () => {
    expect([...STATUS_ORDER].sort()).toEqual([...SERVER_STATUSES].sort());
    expect(STATUS_ORDER.slice(0, 2)).toEqual(["down", "degraded"]);
  });

  it.each([
    ["up", "Up"],
    ["degraded", "Degraded"],
    ["down", "Down"],
    ["paused", "Paused"],
    ["unknown", "Unknown"],
  ] as const)("shows %s as the word %s with its meaning as a title", (status, label) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute("title", STATUS_META[status].description);
    expect(badge).toHaveAttribute("data-status", status);
  });
});
