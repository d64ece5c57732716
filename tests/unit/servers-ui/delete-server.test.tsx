import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DeleteServer } from "@/components/servers/delete-server";
import { ApiError } from "@/lib/api-client/api-error";
import type { ServerDto } from "@/lib/servers/schema";

const mockApiSend = jest.fn();
const mockReplace = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: jest.fn(), apiSend: (...args: unknown[]) => mockApiSend(...args) }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: mockReplace, push: jest.fn() }) }));

const server = { id: "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10", name: "Prod tools" } as ServerDto;

function renderDelete() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DeleteServer server={server} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockApiSend.mockReset();
  mockReplace.mockReset();
});

describe("DeleteServer", () => {
  it("deletes only once the server's exact name is typed, then leaves for the list", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ ok: true });
    renderDelete();

    await user.click(screen.getByRole("button", { name: "Delete server" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete Prod tools?" });
    const confirm = screen.getAllByRole("button", { name: "Delete server" }).find((b) => dialog.contains(b))!;
    const input = screen.getByRole("textbox", { name: "Type Prod tools to confirm" });

    expect(confirm).toBeDisabled();
    await user.type(input, "prod tools");
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, "Prod tools");
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(mockApiSend).toHaveBeenCalledWith("DELETE", `/api/servers/${server.id}`);
    await screen.findByRole("button", { name: "Delete server" });
    expect(mockReplace).toHaveBeenCalledWith("/servers");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the reason when the delete fails", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockRejectedValue(new ApiError(404, "Not Found", "404: x", { error: "not_found", message: "Not found." }));
    renderDelete();

    await user.click(screen.getByRole("button", { name: "Delete server" }));
    await user.type(screen.getByRole("textbox", { name: "Type Prod tools to confirm" }), "Prod tools{Enter}");

    expect(await screen.findByText("Not found.")).toBeVisible();
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
  });
});
