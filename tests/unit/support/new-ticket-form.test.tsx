import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NewTicketForm } from "@/components/support/new-ticket-form";
import { ticketCategory } from "@/lib/db/schema";
import { TICKET_CATEGORIES } from "@/lib/support/schema";

const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiSend: (...args: unknown[]) => mockApiSend(...args) }));

function renderForm(initial = { subject: "", category: "" as const }) {
  const onCreated = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewTicketForm servers={[{ id: "11111111-1111-4111-8111-111111111111", name: "Alpha" }]} initial={initial} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}

beforeEach(() => jest.clearAllMocks());

describe("NewTicketForm", () => {
  it("uses the database's categories", () => {
    expect([...TICKET_CATEGORIES]).toEqual(ticketCategory.enumValues);
  });

  it("shows every missing field and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Write a subject of at least 3 characters.");
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveAccessibleDescription("Choose a category.");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("Write a message.");
    expect(mockApiSend).not.toHaveBeenCalled();
  });

  it("sends a prefilled billing ticket and hands the created ticket on", async () => {
    const user = userEvent.setup();
    const ticket = { id: "22222222-2222-4222-8222-222222222222", subject: "Upgrade to Pro" };
    mockApiSend.mockResolvedValue({ ticket });
    const onCreated = renderForm({ subject: "Upgrade to Pro", category: "billing" } as never);
    expect(screen.getByLabelText("Subject")).toHaveValue("Upgrade to Pro");
    await user.type(screen.getByLabelText("Message"), "Please enable export for my team.");
    await user.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(mockApiSend).toHaveBeenCalledWith("POST", "/api/support/tickets", {
      subject: "Upgrade to Pro",
      category: "billing",
      message: "Please enable export for my team.",
    });
    expect(onCreated).toHaveBeenCalledWith(ticket);
  });
});
