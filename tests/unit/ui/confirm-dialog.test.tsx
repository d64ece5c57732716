import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client/api-error";

function renderDialog(onConfirm: () => void | Promise<unknown>) {
  render(
    <ConfirmDialog trigger={<Button>Remove</Button>} title="Remove it?" description="It cannot be undone." action="Remove it" busyLabel="Removing" onConfirm={onConfirm} />,
  );
  return userEvent.setup();
}

describe("ConfirmDialog", () => {
  it("runs an action that returns nothing and closes at once", async () => {
    const onConfirm = jest.fn();
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await user.click(screen.getByRole("button", { name: "Remove it" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("stays open while a request runs, shows its failure there, and closes when it succeeds", async () => {
    let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject })));
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole("button", { name: "Remove" }));

    await user.click(screen.getByRole("button", { name: "Remove it" }));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Removing/ })).toBeDisabled();
    settle!.reject(new ApiError(409, "Conflict", "It is still in use."));
    expect(await screen.findByRole("alert")).toHaveTextContent("It is still in use.");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove it" }));
    expect(screen.queryByRole("alert")).toBeNull();
    settle!.resolve();
    await screen.findByRole("button", { name: "Remove" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
