import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DemoDialog } from "@/components/marketing/demo/demo-dialog";
import { DemoOffer } from "@/components/marketing/demo/demo-offer";
import { DEMO_STEPS } from "@/components/marketing/demo/demo-steps";

const mockApiGet = jest.fn();
const mockStartDemoVisit = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: (...args: unknown[]) => mockApiGet(...args) }));
jest.mock("@/lib/auth/demo-visit", () => ({
  startDemoVisit: () => mockStartDemoVisit(),
  demoFailureMessage: (err: Error) => err.message,
}));

const offer = () => render(<DemoOffer className="offer" buttonClassName="button" />);

beforeEach(() => jest.clearAllMocks());

describe("Try it without signing up", () => {
  it("is offered only where the deployment says it offers demo accounts", async () => {
    mockApiGet.mockResolvedValue({ firebase: {} });
    const { unmount } = offer();
    await waitFor(() => expect(mockApiGet).toHaveBeenCalledWith("/api/config", { cache: true }));
    expect(screen.queryByRole("button", { name: /Try it without signing up/ })).toBeNull();
    unmount();

    mockApiGet.mockResolvedValue({ firebase: {}, demoAccounts: true });
    offer();
    expect(await screen.findByRole("button", { name: /Try it without signing up/ })).toBeEnabled();
  });

  it("says what it prepares while the account is made, and why when it could not be", async () => {
    mockApiGet.mockResolvedValue({ demoAccounts: true });
    let fail: (err: Error) => void = () => {};
    mockStartDemoVisit.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const user = userEvent.setup();
    offer();
    await user.click(await screen.findByRole("button", { name: /Try it without signing up/ }));

    expect(screen.getByRole("button", { name: /Preparing your demo account/ })).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("two weeks of checks, incidents and a security scan");

    fail(new Error("Your address has started 10 demo accounts in the last hour. Try again later, or create a free account."));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your address has started 10 demo accounts in the last hour.");
    expect(screen.getByRole("button", { name: /Try it without signing up/ })).toBeEnabled();
  });

  it("ends the product tour, next to a free account", async () => {
    mockApiGet.mockResolvedValue({ demoAccounts: true });
    mockStartDemoVisit.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<DemoDialog onClose={jest.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "A tour of MCP Console" });
    await user.click(within(dialog).getByRole("button", { name: `Step ${DEMO_STEPS.length}: ${DEMO_STEPS.at(-1)!.title}` }));

    expect(within(dialog).getByRole("link", { name: "Create a free account" })).toHaveAttribute("href", "/auth/register");
    await user.click(await within(dialog).findByRole("button", { name: /Try it without signing up/ }));
    expect(mockStartDemoVisit).toHaveBeenCalledTimes(1);
  });
});
