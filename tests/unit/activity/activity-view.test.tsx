import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActivityView } from "@/components/activity/activity-view";
import { NO_FILTERS } from "@/lib/activity/keys";

const mockApiGet = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: (...args: unknown[]) => mockApiGet(...args) }));

const mockReplace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: mockReplace }), usePathname: () => "/activity" }));

const event = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  action: "settings.updated",
  summary: `Change number ${n}`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  target: null,
});

function renderView(canExport = false) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ActivityView initialFilters={NO_FILTERS} servers={[{ id: "11111111-1111-4111-8111-111111111111", name: "Alpha" }]} canExport={canExport} />
    </QueryClientProvider>,
  );
}

beforeEach(() => jest.clearAllMocks());

describe("ActivityView", () => {
  it("lists events and loads the next page with the cursor", async () => {
    const user = userEvent.setup();
    mockApiGet.mockImplementation(async (path: string) =>
      path.includes("cursor=c1") ? { events: [event(1)], nextCursor: null } : { events: [event(3), event(2)], nextCursor: "c1" },
    );
    renderView();
    const list = await screen.findByRole("list", { name: "Events, newest first" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([expect.stringContaining("Change number 3"), expect.stringContaining("Change number 2")]);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByText("Change number 1")).toBeVisible();
    expect(mockApiGet).toHaveBeenLastCalledWith(expect.stringMatching(/^\/api\/activity\?limit=25&cursor=c1$/), expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByText("That is everything.")).toBeVisible();
  });

  it("fetches the details of an event only when they are opened", async () => {
    const user = userEvent.setup();
    mockApiGet.mockImplementation(async (path: string) =>
      path.startsWith("/api/activity?") ? { events: [event(7)], nextCursor: null } : { id: event(7).id, metadata: { changed: ["display name"] }, ip: "203.0.113.5", userAgent: "Firefox" },
    );
    renderView();
    const toggle = await screen.findByRole("button", { name: "Details of “Change number 7”" });
    expect(mockApiGet).toHaveBeenCalledTimes(1);
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByText("203.0.113.5")).toBeVisible();
    expect(screen.getByLabelText("Event details")).toHaveTextContent('"display name"');
    expect(mockApiGet).toHaveBeenLastCalledWith(`/api/activity/${event(7).id}`, expect.anything());
  });

  it("keeps the filters in the URL, and says when nothing matches", async () => {
    const user = userEvent.setup();
    mockApiGet.mockResolvedValue({ events: [], nextCursor: null });
    renderView();
    expect(await screen.findByRole("heading", { name: "No activity yet" })).toBeVisible();
    await user.type(screen.getByLabelText("From"), "2025-02-01");
    expect(mockReplace).toHaveBeenLastCalledWith("/activity?from=2025-02-01", { scroll: false });
    expect(await screen.findByRole("heading", { name: "No matching events" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(mockReplace).toHaveBeenLastCalledWith("/activity", { scroll: false });
  });

  it("shows a failure with a way to retry", async () => {
    const user = userEvent.setup();
    mockApiGet.mockRejectedValueOnce(new Error("503: The service is temporarily unavailable.")).mockResolvedValue({ events: [event(1)], nextCursor: null });
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("503: The service is temporarily unavailable.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Events, newest first" })).toHaveTextContent("Change number 1");
  });
});
