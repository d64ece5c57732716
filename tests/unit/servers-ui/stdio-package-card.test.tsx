import { render, screen } from "@testing-library/react";
import { StdioPackageCard } from "@/components/servers/stdio-package-card";

describe("a stdio server's settings", () => {
  it("show what runs, as installed, and the names of its variables but never a value", () => {
    render(
      <StdioPackageCard
        stdio={{
          package: { registryType: "npm", identifier: "@modelcontextprotocol/server-everything", version: "2026.1.14" },
          integrity: "sha512-abc",
          args: ["stdio"],
          env: ["API_KEY"],
          egress: [{ host: "api.example.com" }, { host: "data.example.org", port: 8443 }],
        }}
      />,
    );
    expect(screen.getByRole("heading", { name: "Runs as a command" })).toBeVisible();
    expect(screen.getByText("@modelcontextprotocol/server-everything@2026.1.14")).toBeVisible();
    expect(screen.getByText("sha512-abc")).toBeVisible();
    expect(screen.getByText("stdio")).toBeVisible();
    expect(screen.getByText("API_KEY")).toBeVisible();
    expect(screen.getByText("Values are encrypted at rest and never shown again.")).toBeVisible();
    expect(
      screen.getByText("Only api.example.com (ports 443 and 80), data.example.org:8443, through the console's proxy and under its outbound address policy"),
    ).toBeVisible();
  });

  it("show the sandbox's limits, the same for every stdio server", () => {
    render(<StdioPackageCard stdio={{ package: { registryType: "npm", identifier: "pkg", version: "1.0.0" }, integrity: null, args: [], env: [], egress: [] }} />);
    const limits = screen.getByRole("heading", { name: "Sandbox limits" });
    expect(limits).toBeVisible();
    expect(screen.getByText("512 MB, its private folder's files included")).toBeVisible();
    expect(screen.getByText("64 processes and threads together")).toBeVisible();
    expect(screen.getByText("600 s over the life of a process")).toBeVisible();
    expect(screen.getByText("1,000 lines in a row on stdout that are not MCP messages (logs belong on stderr)")).toBeVisible();
    expect(screen.getByText("None: it reaches no host, the console's included")).toBeVisible();
  });

  it("say so when it takes no arguments or variables", () => {
    render(<StdioPackageCard stdio={{ package: { registryType: "npm", identifier: "pkg", version: "1.0.0" }, integrity: null, args: [], env: [], egress: [] }} />);
    expect(screen.getAllByText("None")).toHaveLength(2);
    expect(screen.getByText("Not recorded")).toBeVisible();
  });
});
