import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { slugFromTitle, StatusPageForm } from "@/components/status-pages/status-page-form";
import { ApiError } from "@/lib/api-client/api-error";

const SERVERS = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Alpha" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Beta" },
];

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe("the status page form", () => {
  it("suggests an address from the title", () => {
    expect(slugFromTitle("Acme Tools — Status!")).toBe("acme-tools-status");
    expect(slugFromTitle("  Ünïcode  ")).toBe("unicode");
  });

  it("refuses a page without servers before asking the API, then sends the servers in the order chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<StatusPageForm servers={SERVERS} onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText("Title"), "Acme status");
    expect(screen.getByLabelText("Address")).toHaveValue("acme-status");
    await user.click(screen.getByRole("button", { name: "Create page" }));
    expect(await screen.findByText("Choose at least one server.")).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText("Beta"));
    await user.click(screen.getByLabelText("Alpha"));
    await user.click(screen.getByRole("button", { name: "Create page" }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ title: "Acme status", slug: "acme-status", serverIds: [SERVERS[1].id, SERVERS[0].id], showUrls: false, published: true }),
    );
  });

  it("shows a taken address (409) on the address field", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(409, "Conflict", "409: taken", { error: "conflict", message: "This address is taken. Choose another one." }),
    );
    render(<StatusPageForm servers={SERVERS} onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText("Title"), "Acme");
    await user.click(screen.getByLabelText("Alpha"));
    await user.click(screen.getByRole("button", { name: "Create page" }));
    const address = screen.getByLabelText("Address");
    await waitFor(() => expect(address).toHaveAttribute("aria-invalid", "true"));
    expect(address).toHaveAccessibleDescription(expect.stringContaining("This address is taken. Choose another one."));
  });

  it("explains an address with characters it cannot have", async () => {
    const user = userEvent.setup();
    render(<StatusPageForm servers={SERVERS} onSubmit={jest.fn()} onCancel={() => {}} />);
    await user.type(screen.getByLabelText("Address"), "no/slashes");
    await user.click(screen.getByRole("button", { name: "Create page" }));
    expect(await screen.findByText(/Use letters, digits and single hyphens/)).toBeVisible();
  });
});
