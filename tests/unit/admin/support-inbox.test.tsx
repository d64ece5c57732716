import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SupportInbox } from "@/components/admin/support-inbox";
import type { TicketSummary } from "@/lib/support/schema";

const mockApiGet = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: (...args: unknown[]) => mockApiGet(...args), apiSend: jest.fn() }));
jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams() }));
// The thread view (and the identity provider behind it) is not what this test is about.
jest.mock("@/components/support/ticket-thread", () => ({ TicketThreadView: () => null }));

const ticket = (n: number): TicketSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  subject: `Ticket ${n}`,
  category: "question",
  status: "open",
  server: null,
  createdAt: "2026-11-22T08:00:00.000Z",
  updatedAt: "2026-11-22T08:00:00.000Z",
  messageCount: 1,
  requester: { uid: "u", email: "u@example.com", displayName: "U" },
});

describe("the administrators' support inbox", () => {
  it("shows the newest tickets first and loads older ones on demand, until there are none", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiGet.mockImplementation(async (path: string) =>
      path.includes("cursor=page-2")
        ? { tickets: [ticket(3)], nextCursor: null }
        : { tickets: [ticket(1), ticket(2)], nextCursor: "page-2" },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SupportInbox />
      </QueryClientProvider>,
    );

    const list = await screen.findByRole("list", { name: "Support tickets" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(mockApiGet).toHaveBeenLastCalledWith("/api/admin/support/tickets?status=open", expect.anything());

    await user.click(screen.getByRole("button", { name: "Load older tickets" }));
    expect(await within(list).findByText("Ticket 3")).toBeInTheDocument();
    expect(mockApiGet).toHaveBeenLastCalledWith("/api/admin/support/tickets?status=open&cursor=page-2", expect.anything());
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Ticket 1"),
      expect.stringContaining("Ticket 2"),
      expect.stringContaining("Ticket 3"),
    ]);
    expect(screen.queryByRole("button", { name: /^Load older/ })).not.toBeInTheDocument();
  });
});
