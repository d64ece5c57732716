import { render, screen, within } from "@testing-library/react";
import { PlanSection } from "@/components/settings/plan-section";
import type { UserSettings } from "@/lib/settings/schema";

jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({ signOut: jest.fn() }) }));

const plan = (over: Partial<UserSettings["plan"]> = {}): UserSettings["plan"] => ({
  tier: "pro",
  label: "Pro",
  active: true,
  expiresAt: null,
  features: { fullMonitoring: true, fullScanner: true, dataExport: true },
  ...over,
});

const usage: UserSettings["usage"] = {
  servers: { used: 1, limit: 2 },
  workbenchCallsToday: { used: 0, limit: 200, resetsAt: "2026-11-29T00:00:00.000Z" },
  gatewayCallsToday: { used: 1234, limit: 10000, resetsAt: "2026-11-29T00:00:00.000Z" },
};

describe("PlanSection", () => {
  it("names what full monitoring adds, and not alerts, which every plan sends", () => {
    render(<PlanSection plan={plan()} usage={usage} />);
    const features = screen.getByRole("list", { name: "Plan features" });
    expect(within(features).getByText(/Full monitoring: uptime beyond 24 hours, more status pages, incident updates/)).toBeInTheDocument();
    expect(within(features).queryByText(/alerts/)).not.toBeInTheDocument();
  });

  it("promises a demo account no status pages, which it does not publish, and says when it is erased", () => {
    render(<PlanSection plan={plan({ label: "Demo", expiresAt: "2026-11-29T19:11:00.000Z" })} usage={usage} demo />);
    const features = screen.getByRole("list", { name: "Plan features" });
    expect(within(features).getByText(/status pages need an account of your own/)).toBeInTheDocument();
    expect(screen.getByText(/Until 2026-11-29 19:11 UTC; then this account is erased/)).toBeInTheDocument();
  });

  it("shows the gateway calls of the day against the plan's limit", () => {
    render(<PlanSection plan={plan()} usage={usage} />);
    const meter = screen.getByRole("meter", { name: "Gateway calls today" });
    expect(meter).toHaveAttribute("aria-valuenow", "1234");
    expect(meter).toHaveAttribute("aria-valuemax", "10000");
    expect(screen.getByText("1,234 of 10,000")).toBeInTheDocument();
  });
});
