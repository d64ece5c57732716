import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "firebase/auth";
import type { AuthContextValue } from "@/lib/auth/auth-provider";
import { DeleteAccountSection } from "@/components/settings/delete-account-section";
import { PasswordForm } from "@/components/settings/password-form";

const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiSend: (...args: unknown[]) => mockApiSend(...args) }));

const mockReauthenticate = jest.fn();
const mockUpdatePassword = jest.fn();
jest.mock("firebase/auth", () => ({
  EmailAuthProvider: { credential: (email: string, password: string) => ({ email, password }) },
  reauthenticateWithCredential: (...args: unknown[]) => mockReauthenticate(...args),
  updatePassword: (...args: unknown[]) => mockUpdatePassword(...args),
}));

const signOut = jest.fn();
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({ signOut }) as unknown as AuthContextValue }));

beforeEach(() => jest.clearAllMocks());

describe("DeleteAccountSection", () => {
  it("deletes only after the email is typed, then signs out to the home page", async () => {
    const user = userEvent.setup();
    mockApiSend.mockResolvedValue({ deleted: true });
    render(<DeleteAccountSection email="ada@example.com" />);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const confirm = screen.getByRole("button", { name: "Delete everything" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/to confirm/), "ada@example.co");
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/to confirm/), "m");
    await user.click(confirm);
    expect(mockApiSend).toHaveBeenCalledWith("DELETE", "/api/user", { confirm: "ada@example.com" });
    expect(signOut).toHaveBeenCalledWith({ redirectTo: "/" });
  });

  it("keeps the user signed in and says why when the deletion fails", async () => {
    const user = userEvent.setup();
    mockApiSend.mockRejectedValue(new Error("503: The service is temporarily unavailable."));
    render(<DeleteAccountSection email="ada@example.com" />);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await user.type(screen.getByLabelText(/to confirm/), "ADA@example.com");
    await user.click(screen.getByRole("button", { name: "Delete everything" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("503: The service is temporarily unavailable.");
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe("PasswordForm", () => {
  const firebaseUser = { email: "ada@example.com" } as User;

  async function fill(current: string, next: string, again = next) {
    const user = userEvent.setup();
    render(<PasswordForm user={firebaseUser} />);
    await user.type(screen.getByLabelText("Current password"), current);
    await user.type(screen.getByLabelText("New password"), next);
    await user.type(screen.getByLabelText("Confirm new password"), again);
    await user.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("re-authenticates with the current password before changing it", async () => {
    mockReauthenticate.mockResolvedValue({});
    mockUpdatePassword.mockResolvedValue(undefined);
    await fill("old-password", "brand-new-passphrase");
    expect(mockReauthenticate).toHaveBeenCalledWith(firebaseUser, { email: "ada@example.com", password: "old-password" });
    expect(mockUpdatePassword).toHaveBeenCalledWith(firebaseUser, "brand-new-passphrase");
    expect(mockReauthenticate.mock.invocationCallOrder[0]).toBeLessThan(mockUpdatePassword.mock.invocationCallOrder[0]);
    expect(await screen.findByRole("status")).toHaveTextContent("Your password has been changed.");
  });

  it("stops at a wrong current password", async () => {
    mockReauthenticate.mockRejectedValue(Object.assign(new Error("Firebase: wrong"), { code: "auth/invalid-credential" }));
    await fill("not-it", "brand-new-passphrase");
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription("Your current password is not correct.");
    expect(mockUpdatePassword).not.toHaveBeenCalled();
  });

  it("checks the new password locally first", async () => {
    await fill("old-password", "short", "shorter");
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Confirm new password")).toHaveAccessibleDescription("The passwords do not match.");
    expect(mockReauthenticate).not.toHaveBeenCalled();
  });
});
