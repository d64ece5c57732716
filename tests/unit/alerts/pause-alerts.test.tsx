import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { PauseAlerts } from "@/components/alerts/pause-alerts";
import { DeliveryItem } from "@/components/settings/delivery-item";
import { MaintenanceSection } from "@/components/settings/maintenance-section";
import type { SilenceDto } from "@/lib/alerts/silence-schema";
import type { MaintenanceDto } from "@/lib/maintenance/schema";
import { DEMO_PLAN } from "@/lib/plans/demo";
import { PLANS, type Plan } from "@/lib/plans/table";

const mockApiGet = jest.fn();
const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({
  apiGet: (...args: unknown[]) => mockApiGet(...args),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
}));

let mockPlan: Plan = PLANS["free tier"];
jest.mock("@/lib/subscription/use-subscription", () => ({
  useSubscription: () => ({ plan: mockPlan }),
}));
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({ signOut: jest.fn() }) }));

const SERVER = { id: "11111111-1111-4111-8111-111111111111", name: "Billing API", status: "up" as const, monitoring: { enabled: true, intervalSec: 300, thresholdMs: 2000 } };

/** The settings API's notifications: email alerts on, on an installation that sends mail, and no webhook, unless told. */
const settingsWith = (n: Partial<{ emailAlerts: boolean; mailEnabled: boolean; webhookUrl: string | null }> = {}) => ({
  notifications: { emailAlerts: true, mailEnabled: true, webhookUrl: null, webhookSecretSet: false, webhookHttpAllowed: false, ...n },
});

function withQueries(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>);
}

/** Answers each GET by its path. */
function answering(byPath: Record<string, unknown>) {
  const answers: Record<string, unknown> = { "/api/user/alerts/channels": { channels: [], limit: 1, used: 0 }, ...byPath };
  mockApiGet.mockImplementation((path: string) => Promise.resolve(answers[path.split("?")[0]]));
}

beforeEach(() => {
  jest.clearAllMocks();
  mockPlan = PLANS["free tier"];
});

describe("PauseAlerts", () => {
  it("says where a free account's alerts go, asks why before pausing, and pauses one server's alerts for the chosen time, by keyboard", async () => {
    const user = userEvent.setup();
    answering({ "/api/user/alerts/silences": { silences: [] }, "/api/user/settings": settingsWith({ webhookUrl: "https://hooks.example.com/x" }) });
    mockApiSend.mockResolvedValue({});
    withQueries(<PauseAlerts server={SERVER} />);
    expect(await screen.findByText("Alerts are on for Billing API: they go by email and to your webhook.")).toBeVisible();

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
    answering({ "/api/user/alerts/silences": { silences }, "/api/user/settings": settingsWith() });
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

  it("claims no alerts where none would be sent: no channel set up, a server not checked, a demo account", async () => {
    answering({ "/api/user/alerts/silences": { silences: [] }, "/api/user/settings": settingsWith({ mailEnabled: false }) });
    const noChannel = withQueries(<PauseAlerts server={SERVER} />);
    expect(await screen.findByText(/Alerts are off: no email, webhook or notification channel is set up\./)).toBeVisible();
    expect(screen.getByRole("link", { name: "Choose where alerts go" })).toHaveAttribute("href", "/settings#notifications");
    expect(screen.queryByRole("button", { name: "Pause alerts" })).toBeNull();
    expect(screen.queryByText(/Alerts are on/)).toBeNull();
    noChannel.unmount();

    // A notification channel alone is somewhere alerts go.
    answering({
      "/api/user/alerts/silences": { silences: [] },
      "/api/user/settings": settingsWith({ mailEnabled: false }),
      "/api/user/alerts/channels": { channels: [{ id: "c1", name: "Ops", kind: "teams", destination: "https://x.example/…", settings: { kind: "teams" }, createdAt: "2026-01-01T00:00:00.000Z", lastDelivery: null, active: true }], limit: 1, used: 1 },
    });
    const channelOnly = withQueries(<PauseAlerts server={SERVER} />);
    expect(await screen.findByText("Alerts are on for Billing API: they go to 1 notification channel.")).toBeVisible();
    channelOnly.unmount();

    answering({ "/api/user/alerts/silences": { silences: [] }, "/api/user/settings": settingsWith() });
    const paused = withQueries(<PauseAlerts server={{ ...SERVER, status: "paused" }} />);
    expect(await screen.findByText("No alerts for Billing API: its checks are paused.")).toBeVisible();
    paused.unmount();

    mockPlan = DEMO_PLAN;
    withQueries(<PauseAlerts server={SERVER} />);
    expect(await screen.findByText(/Demo accounts send no alerts\./)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Pause alerts" })).toBeNull();
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
