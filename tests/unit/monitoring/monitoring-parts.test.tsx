import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FleetHealth } from "@/components/dashboard/fleet-health";
import { CheckNow } from "@/components/monitoring/check-now";
import { CheckPhases } from "@/components/monitoring/check-phases";
import { MonitoringSettings } from "@/components/monitoring/monitoring-settings";
import { UptimeWindows } from "@/components/monitoring/uptime-windows";
import { ApiError } from "@/lib/api-client/api-error";
import { FREE_SUBSCRIPTION, PLANS, type Subscription } from "@/lib/plans/table";
import { bucket, check, server, SERVER_ID, uptime } from "./fixtures";

const mockApiGet = jest.fn();
const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({
  apiGet: (...args: unknown[]) => mockApiGet(...args),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
}));
let mockSubscription: Subscription = FREE_SUBSCRIPTION;
jest.mock("@/lib/subscription/use-subscription", () => ({
  useSubscription: () => ({ subscription: mockSubscription, plan: PLANS[mockSubscription.tier], loading: false }),
}));
jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const PRO: Subscription = { tier: "pro", active: true, expiresAt: null, features: { ...PLANS.pro.features } };

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  jest.clearAllMocks();
  mockSubscription = FREE_SUBSCRIPTION;
});

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe("uptime by window", () => {
  it("on the free tier reads the last 24 hours and shows what Pro unlocks for the longer windows", async () => {
    mockApiGet.mockResolvedValue(uptime([bucket(0)], { uptimePct: 99.95, checks: 1440, incidents: 2 }));
    renderWith(<UptimeWindows serverId={SERVER_ID} windows={["24h", "7d", "30d", "90d"]} />);
    expect(await screen.findByTestId("uptime-24h")).toHaveTextContent("99.95%");
    expect(screen.getByText("1,440 checks · 2 incidents")).toBeVisible();
    // The locked windows stay on screen, and are never asked for.
    for (const label of ["7 days", "30 days", "90 days"]) {
      expect(within(screen.getByText(label).parentElement!).getByText("With Pro")).toBeVisible();
    }
    expect(mockApiGet).toHaveBeenCalledTimes(1);
    expect(mockApiGet).toHaveBeenCalledWith(`/api/servers/${SERVER_ID}/uptime?window=24h`, expect.anything());
    const upsell = screen.getByRole("alert");
    expect(upsell).toHaveTextContent("Uptime over 7 days, 30 days, 90 days comes with Pro.");
    expect(within(upsell).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/settings#plan");
  });

  it("with full monitoring reads every window", async () => {
    mockSubscription = PRO;
    mockApiGet.mockImplementation(async (path: string) => uptime([bucket(0)], { uptimePct: path.endsWith("90d") ? 97.5 : 100 }));
    renderWith(<UptimeWindows serverId={SERVER_ID} windows={["24h", "7d", "30d", "90d"]} />);
    expect(await screen.findByTestId("uptime-90d")).toHaveTextContent("97.5%");
    expect(screen.getByTestId("uptime-7d")).toHaveTextContent("100%");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("treats the API's plan_required as locked too (a plan that ended since the page loaded)", async () => {
    mockSubscription = PRO;
    mockApiGet.mockImplementation(async (path: string) => {
      if (path.endsWith("24h")) return uptime([bucket(0)]);
      throw new ApiError(403, "Forbidden", "403: needs a plan", { error: "plan_required", feature: "fullMonitoring" });
    });
    renderWith(<UptimeWindows serverId={SERVER_ID} windows={["24h", "7d"]} />);
    await waitFor(() => expect(within(screen.getByText("7 days").parentElement!).getByText("With Pro")).toBeVisible());
  });
});

describe("Check now", () => {
  it("runs a check and says how it went, in a live region", async () => {
    const user = userEvent.setup();
    mockApiSend.mockResolvedValue({
      check: check({ result: "failed", latencyMs: null, reason: "The server refused the connection (nothing listens on 127.0.0.1:4999)." }),
      status: "down",
    });
    renderWith(<CheckNow serverId={SERVER_ID} />);
    await user.click(screen.getByRole("button", { name: "Check now" }));
    expect(mockApiSend).toHaveBeenCalledWith("POST", `/api/servers/${SERVER_ID}/check`);
    const result = screen.getByTestId("check-now-result");
    expect(result).toHaveAttribute("role", "status");
    await waitFor(() =>
      expect(result).toHaveTextContent("Failed: The server refused the connection (nothing listens on 127.0.0.1:4999). The server is now down."),
    );
  });

  it("shows the answer time of a good check", async () => {
    const user = userEvent.setup();
    mockApiSend.mockResolvedValue({ check: check({ latencyMs: 143 }), status: "up" });
    renderWith(<CheckNow serverId={SERVER_ID} />);
    await user.click(screen.getByRole("button", { name: "Check now" }));
    expect(await screen.findByText("Answered in 143 ms. The server is now up.")).toBeVisible();
  });

  it("says why a check could not run (rate limit)", async () => {
    const user = userEvent.setup();
    mockApiSend.mockRejectedValue(new ApiError(429, "Too Many Requests", "429: Too many checks.", { error: "rate_limited", message: "Too many checks. Wait a minute and try again." }));
    renderWith(<CheckNow serverId={SERVER_ID} />);
    await user.click(screen.getByRole("button", { name: "Check now" }));
    expect(await screen.findByText("Could not check: Too many checks. Wait a minute and try again.")).toBeVisible();
  });
});

describe("monitoring settings", () => {
  it("checks the threshold before sending, then sends interval and threshold together", async () => {
    const user = userEvent.setup();
    mockApiSend.mockImplementation(async (_m: string, _p: string, body: { monitoring: object }) => server({ monitoring: body.monitoring as never }));
    renderWith(<MonitoringSettings server={server()} />);
    const threshold = screen.getByLabelText("Degraded when slower than (ms)");
    await user.clear(threshold);
    await user.type(threshold, "50");
    await user.click(screen.getByRole("button", { name: "Save monitoring settings" }));
    expect(threshold).toHaveAccessibleDescription(expect.stringContaining("The threshold is at least 100 ms."));
    expect(mockApiSend).not.toHaveBeenCalled();

    await user.clear(threshold);
    await user.type(threshold, "1500");
    await user.click(screen.getByRole("button", { name: "Save monitoring settings" }));
    await waitFor(() =>
      expect(mockApiSend).toHaveBeenCalledWith("PATCH", `/api/servers/${SERVER_ID}`, { monitoring: { enabled: true, intervalSec: 900, thresholdMs: 1500 } }),
    );
    expect(threshold).not.toHaveAttribute("aria-invalid");
  });

  it("puts the API's refusal on the field it names", async () => {
    const user = userEvent.setup();
    const message = "On the Free plan, checks run at most every 15 minutes.";
    mockApiSend.mockRejectedValue(
      new ApiError(400, "Bad Request", `400: ${message}`, { error: "validation_failed", message, details: [{ path: "monitoring.intervalSec", message }] }),
    );
    renderWith(<MonitoringSettings server={server()} />);
    await user.click(screen.getByRole("button", { name: "Save monitoring settings" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Check every" })).toHaveAttribute("aria-invalid", "true");
  });
});

describe("the dashboard's health card", () => {
  it("links each server that is down now to its monitoring tab", () => {
    renderWith(
      <FleetHealth
        fleet={{
          byStatus: { up: 2, degraded: 0, down: 1, paused: 0, unknown: 0 },
          downNow: [{ id: SERVER_ID, name: "Everything", since: new Date(Date.now() - 5 * 60_000).toISOString() }],
          openIncidents: 1,
          uptime24hPct: 98.61,
        }}
      />,
    );
    expect(screen.getByText("Uptime, 24 h").nextElementSibling).toHaveTextContent("98.6%");
    const link = screen.getByRole("link", { name: /Everything/ });
    expect(link).toHaveAttribute("href", `/servers/${SERVER_ID}?tab=monitoring`);
    expect(link).toHaveTextContent("since 5 minutes ago");
  });

  it("says when nothing is down and nothing was checked", () => {
    renderWith(<FleetHealth fleet={{ byStatus: { up: 0, degraded: 0, down: 0, paused: 0, unknown: 1 }, downNow: [], openIncidents: 0, uptime24hPct: null }} />);
    expect(screen.getByText("No server is down.")).toBeVisible();
    expect(screen.getByText("no checks yet")).toBeVisible();
  });
});

describe("a check's phases", () => {
  const phaseText = () => screen.getAllByRole("term").map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);

  it("shows the four phases of a 2025 server's check", () => {
    render(<CheckPhases phases={{ connectMs: 3, initializeMs: 12, pingMs: 4, listMs: 20 }} />);
    expect(phaseText()).toEqual(["connect 3 ms", "handshake 12 ms", "ping 4 ms", "list 20 ms"]);
  });

  it("leaves out the ping a 2026-07-28 server's check has none of, instead of calling it not reached", () => {
    render(<CheckPhases phases={{ connectMs: 3, initializeMs: 9, pingMs: null, listMs: 15 }} />);
    expect(phaseText()).toEqual(["connect 3 ms", "handshake 9 ms", "list 15 ms"]);
  });

  it("says where a failed check stopped", () => {
    render(<CheckPhases phases={{ connectMs: 3, initializeMs: null, pingMs: null, listMs: null }} />);
    expect(phaseText()).toEqual(["connect 3 ms", "handshake not reached", "ping not reached", "list not reached"]);
  });
});
