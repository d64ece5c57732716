import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DemoDialog } from "@/components/marketing/demo/demo-dialog";
import { DEMO_STEPS } from "@/components/marketing/demo/demo-steps";

describe("the product tour", () => {
  it("walks through every step with Next and Previous and a step indicator", async () => {
    const user = userEvent.setup();
    render(<DemoDialog onClose={jest.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "A tour of MCP Console" });
    expect(DEMO_STEPS.length).toBeGreaterThanOrEqual(4);
    expect(dialog).toHaveAccessibleDescription(`Step 1 of ${DEMO_STEPS.length}: ${DEMO_STEPS[0].title}`);
    expect(within(dialog).getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: `Step 1: ${DEMO_STEPS[0].title}` })).toHaveAttribute("aria-current", "step");

    for (let i = 1; i < DEMO_STEPS.length; i++) {
      await user.click(within(dialog).getByRole("button", { name: /Next/ }));
      expect(within(dialog).getByRole("heading", { level: 3, name: DEMO_STEPS[i].title })).toBeVisible();
      expect(within(dialog).getByRole("button", { name: `Step ${i + 1}: ${DEMO_STEPS[i].title}` })).toHaveAttribute("aria-current", "step");
    }
    expect(within(dialog).queryByRole("button", { name: /Next/ })).toBeNull();
    expect(within(dialog).getByRole("link", { name: "Create a free account" })).toHaveAttribute("href", "/auth/register");

    await user.click(within(dialog).getByRole("button", { name: /Previous/ }));
    expect(within(dialog).getByRole("heading", { level: 3, name: DEMO_STEPS[DEMO_STEPS.length - 2].title })).toBeVisible();
  });

  it("jumps to a step from the indicator and moves with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<DemoDialog onClose={jest.fn()} />);
    await user.click(screen.getByRole("button", { name: `Step 3: ${DEMO_STEPS[2].title}` }));
    expect(screen.getByRole("heading", { level: 3, name: DEMO_STEPS[2].title })).toBeVisible();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("heading", { level: 3, name: DEMO_STEPS[3].title })).toBeVisible();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("heading", { level: 3, name: DEMO_STEPS[1].title })).toBeVisible();
  });

  it("keeps the illustrations out of the keyboard and screen-reader path", () => {
    render(<DemoDialog onClose={jest.fn()} />);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText(/Illustration: Register a server/)).toBeInTheDocument();
  });

  it("closes with the close button or Escape", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { unmount } = render(<DemoDialog onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    render(<DemoDialog onClose={onClose} />);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
