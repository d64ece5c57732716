import { render, screen, within } from "@testing-library/react";
import { ExportPanel } from "@/components/activity/export-panel";
import { activityQueryString, NO_FILTERS } from "@/lib/activity/keys";

const sample = {
  id: "7a1b4c2e-1f3d-4c5b-9a8e-0123456789ab",
  action: "server.created",
  summary: "Created server Alpha",
  createdAt: "2025-01-02T03:04:05.000006Z",
  target: { type: "server", id: "11111111-1111-4111-8111-111111111111", label: "Alpha", href: "/servers/11111111-1111-4111-8111-111111111111" },
};

describe("ExportPanel", () => {
  it("offers CSV and JSON downloads of the filtered log to plans with dataExport", () => {
    const filters = { ...NO_FILTERS, action: "server.created" };
    render(<ExportPanel canExport filters={filters} sample={sample} />);
    const csv = screen.getByRole("link", { name: "Export CSV" });
    expect(csv).toHaveAttribute("href", "/api/activity/export?action=server.created&format=csv");
    expect(csv).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "Export JSON" })).toHaveAttribute("href", "/api/activity/export?action=server.created&format=json");
    expect(screen.queryByText(/Pro or Enterprise/)).not.toBeInTheDocument();
  });

  it("shows the free tier what the file would hold and how to get it, without a download", () => {
    render(<ExportPanel canExport={false} filters={NO_FILTERS} sample={sample} />);
    expect(screen.queryByRole("link", { name: /Export (CSV|JSON)/ })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Export to CSV or JSON" })).toBeVisible();
    expect(screen.getByText(/With the Pro or Enterprise plan/)).toBeVisible();
    const preview = screen.getByRole("table", { name: /A row of your export/ });
    expect(within(preview).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["id", "createdAt", "action", "summary", "targetType", "targetId", "ip", "userAgent", "metadata"]);
    expect(within(preview).getByText("Created server Alpha")).toBeVisible();
    expect(screen.getByRole("link", { name: "Ask for the Pro plan" })).toHaveAttribute("href", expect.stringMatching(/^\/support\?category=billing&subject=/));
  });
});

describe("activityQueryString", () => {
  it("turns calendar days into local-midnight instants, the last day included whole", () => {
    const qs = new URLSearchParams(activityQueryString({ action: "", serverId: "", from: "2025-01-31", to: "2025-02-02" }));
    expect(new Date(qs.get("from")!).getTime()).toBe(new Date(2025, 0, 31).getTime());
    expect(new Date(qs.get("to")!).getTime()).toBe(new Date(2025, 1, 3).getTime());
    expect(qs.has("action")).toBe(false);
  });
});
