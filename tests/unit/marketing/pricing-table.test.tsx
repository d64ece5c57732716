import { render, screen, within } from "@testing-library/react";
import { PricingTable } from "@/components/marketing/pricing-table";
import { PLAN_IDS, PLANS } from "@/lib/plans/table";

describe("PricingTable", () => {
  it("shows every plan of the plans table with its limits and features", () => {
    render(<PricingTable />);
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      const card = screen.getByRole("region", { name: plan.label });
      const row = (label: string) => within(card).getByText(label, { exact: false }).closest("li");
      expect(row("MCP servers")).toHaveTextContent(plan.maxServers.toLocaleString("en-US"));
      expect(row("Workbench calls a day")).toHaveTextContent(plan.workbenchCallsPerDay.toLocaleString("en-US"));
      expect(row("Gateways")).toHaveTextContent(plan.maxGateways.toLocaleString("en-US"));
      expect(row("Gateway calls a day")).toHaveTextContent(plan.gatewayCallsPerDay.toLocaleString("en-US"));
      expect(row("stdio servers running at once")).toHaveTextContent(plan.maxStdioProcesses.toLocaleString("en-US"));
      expect(within(card).getByText(/CSV and JSON export/)).toHaveTextContent(plan.features.dataExport ? "CSV and JSON export" : "CSV and JSON export (not included)");
      // Every plan alerts by email and at least one other channel, and has a public status page.
      expect(row("besides email")).toHaveTextContent(`${plan.maxAlertChannels.toLocaleString("en-US")} alert channel`);
      expect(row("public status page")).toHaveTextContent(plan.maxStatusPages.toLocaleString("en-US"));
    }
    const free = screen.getByRole("region", { name: "Free" });
    expect(within(free).getByText(/shortest check interval/)).toHaveTextContent("5 min shortest check interval");
    expect(within(free).getByText(/public status page/)).toHaveTextContent("1 public status page");
    // Free: email and one webhook, as before channels, or one channel of any kind in its place.
    expect(within(free).getByText(/besides email/).closest("li")).toHaveTextContent("1 alert channel besides email (signed webhook, Slack, Discord, Teams, PagerDuty, ntfy, Telegram)");
    expect(within(screen.getByRole("region", { name: "Pro" })).getByText(`$${PLANS.pro.priceUsdMonthly}`, { exact: false })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Enterprise" })).getByRole("link", { name: "Talk to us" })).toHaveAttribute("href", "/contact");
  });
});
