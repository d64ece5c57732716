import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { PauseAlerts } from "@/components/alerts/pause-alerts";
import { DeliveryItem } from "@/components/settings/delivery-item";
import { MaintenanceSection } from "@/components/settings/maintenance-section";
import type { SilenceDto } from "@/lib/alerts/silence-schema";
import type { MaintenanceDto } from "@/lib/maintenance/schema";

const mockApiGet = jest.fn();
const mockApiSend = jest.fn();
jest.mock("@/lib/api/fetch", () => ({
  apiGet: (...args: unknown[]) => mockApiGet(...args),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
}));

const SERVER = { id: "11111111-1111-4111-8111-111111111111", name: "Billing API" };

function withQueries(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>);
}

/** Answers each GET by its path. */
function answering(byPath: Record<string, unknown>) {
  mockApiGet.mockImplementation((path: string) => Promise.resolve(byPath[path.split("?")[0]]));
}

beforeEach(() => jest.clearAllMocks());

describe("PauseAlerts", () => {
  it("says alerts are on, asks why before pausing, and pauses one server's alerts for the chosen time, by keyboard", async () => {
    const user = userEvent.setup();
    answering({ "/api/user/alerts/silences": { silences: [] } });
    mockApiSend.mockResolvedValue({});
    withQueries(<PauseAlerts server={SERVER} />);
    expect(await screen.findByText("Alerts are on for Billing API.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Pause alerts" }));
    expect(screen.getByLabelText("Why")).toHaveAccessibleDescription(/Say why, for the activity log\./);
    expect(mockApiSend).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "24 hours" }));
    expect(screen.getByRole("button", { name: "24 hours" })).toHaveAttribute("aria-pressed", "true");
    await user.type(screen.getByLabelText("Why"), "Deploying{Enter}");
    expect(mockApiSend).toHaveBeenCalledWith("POST", "/api/user/alerts/silences", { serverId: SERVER.id, duration: "24h", reason: "Deploying" });
  });

  it("lists the pauses in force, with the every-server one, and resumes one", async () => {
    const user = userEvent.setup();
    const silences: SilenceDto[] = [
      { id: "s-all", server: null, reason: "Moving data centres", startsAt: "2026-11-01T10:00:00Z", endsAt: null },
      { id: "s-other", server: { id: "22222222-2222-4222-8222-222222222222", name: "Search" }, reason: "Reindexing", startsAt: "2026-11-01T10:00:00Z", endsAt: null },
    ];
    answering({ "/api/user/alerts/silences": { silences } });
    mockApiSend.mockResolvedValue(undefined);
    withQueries(<PauseAlerts server={SERVER} />);
    const list = await screen.findByRole("list", { name: "Paused alerts" });
    // Another server's pause is not this server's business.
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(list).toHaveTextContent("Alerts paused for all servers");
    expect(list).toHaveTextContent("Until you resume them · Moving data centres");
    await user.click(within(list).getByRole("button", { name: "Resume alerts" }));
    expect(mockApiSend).toHaveBeenCalledWith("DELETE", "/api/user/alerts/silences/s-all");
  });

  it("a delivery held back by a pause says it was not sent, and why", () => {
    render(
      <ul>
        <DeliveryItem
          delivery={{
            id: "d1",
            createdAt: "2026-11-01T10:00:00Z",
            event: "incident.opened",
            channel: "webhook",
            destination: "https://hooks.example.com/…",
            status: "silenced",
            attempts: 0,
            maxAttempts: 5,
            nextAttemptAt: null,
            responseStatus: null,
            durationMs: null,
            error: "Not sent: alerts were paused (Deploying).",
            server: SERVER,
          }}
        />
      </ul>,
    );
    expect(screen.getByText("Not sent: alerts paused")).toBeVisible();
    expect(screen.getByText("Not sent: alerts were paused (Deploying).")).toBeVisible();
  });
});

describe("MaintenanceSection", () => {
  it("says when nothing is scheduled", async () => {
    answering({ "/api/maintenance": { windows: [] }, "/api/servers": { servers: [] } });
    withQueries(<MaintenanceSection />);
    expect(await screen.findByText("No maintenance scheduled.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Schedule maintenance" })).toBeVisible();
  });

  it("cancels a window only after a confirmation, which can be declined", async () => {
    const user = userEvent.setup();
    const window: MaintenanceDto = { id: "w1", startsAt: "2999-01-01T10:00:00Z", endsAt: "2999-01-01T11:00:00Z", note: "Upgrade", servers: [SERVER] };
    answering({ "/api/maintenance": { windows: [window] }, "/api/servers": { servers: [SERVER] } });
    mockApiSend.mockResolvedValue(undefined);
    withQueries(<MaintenanceSection />);
    const list = await screen.findByRole("list", { name: "Maintenance windows" });
    expect(list).toHaveTextContent("Upcoming");
    expect(list).toHaveTextContent("Billing API");

    await user.click(within(list).getByRole("button", { name: "Cancel window" }));
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    expect(mockApiSend).not.toHaveBeenCalled();

    await user.click(within(list).getByRole("button", { name: "Cancel window" }));
    await user.click(screen.getByRole("button", { name: "Cancel maintenance" }));
    expect(mockApiSend).toHaveBeenCalledWith("DELETE", "/api/maintenance/w1");
  });
});
