import { render, screen, within } from "@testing-library/react";
import { PricingTable } from "@/components/marketing/pricing-table";
import { PLAN_IDS, PLANS } from "@/lib/plans/table";

describe("PricingTable", () => {
  it("shows every plan of the plans table with its limits and features", () => {
    render(<PricingTable />);
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      const card = screen.getByRole("region", { name: plan.label });
      expect(within(card).getByText(plan.maxServers.toLocaleString("en-US"))).toBeInTheDocument();
      expect(within(card).getByText(plan.workbenchCallsPerDay.toLocaleString("en-US"))).toBeInTheDocument();
      expect(within(card).getByText(/CSV and JSON export/)).toHaveTextContent(plan.features.dataExport ? "CSV and JSON export" : "CSV and JSON export (not included)");
    }
    expect(within(screen.getByRole("region", { name: "Pro" })).getByText(`$${PLANS.pro.priceUsdMonthly}`, { exact: false })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Enterprise" })).getByRole("link", { name: "Talk to us" })).toHaveAttribute("href", "/contact");
  });
});
