import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NotificationsSection } from "@/components/settings/notifications-section";
import { ApiError } from "@/lib/api-client/api-error";
import type { AlertDeliveryDto } from "@/lib/alerts/schema";
import type { UserSettings } from "@/lib/settings/schema";

const mockApiGet = jest.fn();
const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({
  apiGet: (...args: unknown[]) => mockApiGet(...args),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
}));

const mockSignOut = jest.fn();
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({ signOut: (...args: unknown[]) => mockSignOut(...args) }) }));

const notifications = (over: Partial<UserSettings["notifications"]> = {}): UserSettings["notifications"] => ({
  emailAlerts: true,
  webhookUrl: "https://hooks.example.com/mcp",
  webhookSecretSet: true,
  webhookHttpAllowed: false,
  mailEnabled: true,
  ...over,
});

const delivery = (n: number, over: Partial<AlertDeliveryDto> = {}): AlertDeliveryDto => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  createdAt: new Date(Date.UTC(2025, 5, 1, 10, n)).toISOString(),
  event: "incident.opened",
  channel: "webhook",
  destination: "https://hooks.example.com/mcp",
  status: "delivered",
  attempts: 1,
  maxAttempts: 5,
  nextAttemptAt: null,
  responseStatus: 204,
  durationMs: 42,
  error: null,
  server: { id: "11111111-1111-4111-8111-111111111111", name: `Server ${n}` },
  ...over,
});

function renderSection(n = notifications(), alertsIncluded = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationsSection notifications={n} alertsIncluded={alertsIncluded} />
    </QueryClientProvider>,
  );
}

beforeEach(() => jest.clearAllMocks());

describe("NotificationsSection: email alerts", () => {
  it("shows the switch off and disabled when the installation sends no mail, whatever the stored preference", async () => {
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    renderSection(notifications({ mailEnabled: false, emailAlerts: true }));
    const toggle = screen.getByRole("switch", { name: "Email alerts" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Off on this installation: no mail server is configured/);
    await screen.findByText(/No alerts sent yet/);
  });

  it("shows the user's choice when mail works", async () => {
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    renderSection(notifications({ emailAlerts: true }));
    const toggle = screen.getByRole("switch", { name: "Email alerts" });
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
    await screen.findByText(/No alerts sent yet/);
  });

  it("tells an account whose plan sends no alerts (a demo's) so at the top, with the way to sign up", async () => {
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    renderSection(notifications(), false);
    expect(screen.getByText(/Demo accounts send no alerts\./)).toBeVisible();
    expect(screen.getByRole("button", { name: "Create a free account" })).toBeVisible();
    await screen.findByText(/No alerts sent yet/);
  });

  it("does not say a free account's plan lacks alerts: every plan sends them", async () => {
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    renderSection();
    await screen.findByText(/No alerts sent yet/);
    expect(screen.queryByText(/does not send|send no alerts/)).toBeNull();
  });
});

describe("NotificationsSection: recent alerts", () => {
  it("lists deliveries newest first with their outcome, and loads the next page", async () => {
    const user = userEvent.setup();
    mockApiGet.mockImplementation(async (path: string) =>
      path.includes("cursor=c1")
        ? { deliveries: [delivery(1, { event: "test", server: null, channel: "email", destination: "ada@example.com", responseStatus: null })], nextCursor: null }
        : {
            deliveries: [
              delivery(3, { event: "incident.resolved", status: "failed", attempts: 5, responseStatus: 500, error: "The endpoint answered 500 Internal Server Error." }),
              delivery(2, { status: "pending", attempts: 2, responseStatus: 503, nextAttemptAt: new Date(Date.UTC(2025, 5, 1, 10, 5)).toISOString() }),
            ],
            nextCursor: "c1",
          },
    );
    renderSection();
    const list = await screen.findByRole("list", { name: "Alert deliveries, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Failed");
    expect(items[0]).toHaveTextContent("Recovered · Server 3");
    expect(items[0]).toHaveTextContent("Webhook to https://hooks.example.com/mcp");
    expect(items[0]).toHaveTextContent("Answered 500");
    expect(items[0]).toHaveTextContent("Attempt 5 of 5");
    expect(items[0]).toHaveTextContent("The endpoint answered 500 Internal Server Error.");
    expect(within(items[0]).getByRole("link", { name: "Server 3" })).toHaveAttribute("href", "/servers/11111111-1111-4111-8111-111111111111");
    expect(items[1]).toHaveTextContent("Retrying");
    expect(items[1]).toHaveTextContent("Next try");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByText(/Email to/)).toBeVisible();
    expect(within(list).getAllByRole("listitem")[2]).toHaveTextContent("Test");
    expect(mockApiGet).toHaveBeenLastCalledWith("/api/user/alerts/deliveries?limit=20&cursor=c1", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("says when the list cannot be read, and tries again on request", async () => {
    const user = userEvent.setup();
    mockApiGet.mockRejectedValueOnce(new Error("503: The service is temporarily unavailable.")).mockResolvedValue({ deliveries: [delivery(1)], nextCursor: null });
    renderSection();
    expect(await screen.findByText("503: The service is temporarily unavailable.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Alert deliveries, newest first" })).toBeVisible();
  });

  it("sends a test event, shows how each channel answered and reads the list again", async () => {
    const user = userEvent.setup();
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    mockApiSend.mockResolvedValue({
      deliveries: [
        delivery(5, { event: "test", channel: "email", destination: "ada@example.com", responseStatus: null, durationMs: 30, server: null }),
        delivery(6, { event: "test", status: "failed", responseStatus: 500, durationMs: 12, error: "The endpoint answered 500.", server: null }),
      ],
    });
    renderSection();
    await screen.findByText(/No alerts sent yet/);
    const calls = mockApiGet.mock.calls.length;
    await user.click(screen.getByRole("button", { name: "Send a test event" }));
    const outcome = await screen.findByRole("list", { name: "Test event outcome" });
    expect(outcome).toHaveTextContent("Email to ada@example.com: delivered in 30 ms.");
    expect(outcome).toHaveTextContent("Webhook https://hooks.example.com/mcp: not delivered (answered 500). The endpoint answered 500.");
    expect(outcome.closest("[role=alert]")).not.toBeNull();
    expect(mockApiSend).toHaveBeenCalledWith("POST", "/api/user/alerts/test");
    expect(mockApiGet.mock.calls.length).toBeGreaterThan(calls);
  });

  it("shows the server's refusal of a test event", async () => {
    const user = userEvent.setup();
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    mockApiSend.mockRejectedValue(new Error("429: Too many test events. Wait a minute and try again."));
    renderSection();
    await user.click(screen.getByRole("button", { name: "Send a test event" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many test events");
  });

  it("cannot send a test with nowhere to send it, and says why", async () => {
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    renderSection(notifications({ webhookUrl: null, webhookSecretSet: false, mailEnabled: false }));
    const button = screen.getByRole("button", { name: "Send a test event" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Add a webhook URL or turn on email alerts to send one.");
    await screen.findByText(/No alerts sent yet/);
  });
});

describe("NotificationsSection: a demo account", () => {
  const refusal = "Demo accounts are open to anyone without signing up, so they send no email or webhook alerts. Create a free account to be alerted.";

  it("says why a webhook is refused, not as a fault of the URL, and offers a free account, which leaves the demo for the sign-up page", async () => {
    const user = userEvent.setup();
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    mockApiSend.mockRejectedValue(new ApiError(403, "Forbidden", refusal, { error: "demo_account", message: refusal }));
    renderSection(notifications({ webhookUrl: null, webhookSecretSet: false, emailAlerts: false }));
    await user.type(screen.getByLabelText("Webhook URL"), "https://hooks.example.com/mine");
    await user.click(screen.getByRole("button", { name: "Save webhook" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(refusal);
    expect(screen.getByLabelText("Webhook URL")).not.toHaveAttribute("aria-invalid", "true");
    await user.click(within(alert).getByRole("button", { name: "Create a free account" }));
    expect(mockSignOut).toHaveBeenCalledWith({ redirectTo: "/auth/register" });
  });

  it("says the same when email alerts are turned on", async () => {
    const user = userEvent.setup();
    mockApiGet.mockResolvedValue({ deliveries: [], nextCursor: null });
    mockApiSend.mockRejectedValue(new ApiError(403, "Forbidden", refusal, { error: "demo_account", message: refusal }));
    renderSection(notifications({ webhookUrl: null, webhookSecretSet: false, emailAlerts: false }));
    await user.click(screen.getByRole("switch", { name: "Email alerts" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
  });
});
