import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthContextValue } from "@/lib/auth/auth-provider";
import { LoginForm } from "@/components/auth/login-form";

const mockSignInWithEmail = jest.fn();
const mockSignInWithSocial = jest.fn();
const completeSignIn = jest.fn();
const mockNavigate = jest.fn();

jest.mock("firebase/auth", () => ({
  signInWithEmailAndPassword: (...args: unknown[]) => mockSignInWithEmail(...args),
  // A mocked credential says nothing of a new user.
  getAdditionalUserInfo: () => null,
}));
jest.mock("@/lib/auth/social", () => ({
  signInWithSocial: (...args: unknown[]) => mockSignInWithSocial(...args),
}));

// jsdom cannot navigate; everything else about redirects stays real.
jest.mock("@/lib/auth/redirect", () => ({
  ...jest.requireActual("@/lib/auth/redirect"),
  navigateAfterAuth: (path: string) => mockNavigate(path),
}));

let mockAuthValue: AuthContextValue;
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => mockAuthValue }));

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  mockAuthValue = {
    status: "signed-out",
    user: null,
    firebaseUser: null,
    // The form only passes it on to the (mocked) SDK calls.
    auth: {} as AuthContextValue["auth"],
    config: null,
    syncError: null,
    completeSignIn,
    refreshToken: jest.fn(),
    signOut: jest.fn(),
  };
});

describe("LoginForm", () => {
  it("shows both field errors for an empty form and sends nothing", async () => {
    const user = userEvent.setup();
    render(<LoginForm redirectTo={null} expired={false} />);

    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Enter a valid email address.");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Enter your password.");
    expect(email).toHaveFocus();
    expect(mockSignInWithEmail).not.toHaveBeenCalled();
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it("tells the user why they are here after an expired session", () => {
    render(<LoginForm redirectTo={null} expired />);
    expect(screen.getByRole("status")).toHaveTextContent("Your session expired. Sign in again to continue.");
  });

  it("shows the provider's error as an alert, next to the form", async () => {
    mockSignInWithEmail.mockRejectedValue(Object.assign(new Error("Firebase: x"), { code: "auth/invalid-credential" }));
    const user = userEvent.setup();
    render(<LoginForm redirectTo={null} expired={false} />);

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("The email or password is incorrect.");
    expect(mockSignInWithEmail).toHaveBeenCalledWith(mockAuthValue.auth, "ada@example.com", "wrong");
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it("keeps the sign-in buttons disabled until the identity config is loaded", () => {
    mockAuthValue = { ...mockAuthValue, auth: null };
    render(<LoginForm redirectTo={null} expired={false} />);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue with GitHub" })).toBeDisabled();
  });

  it("links to password reset and registration", () => {
    render(<LoginForm redirectTo={null} expired={false} />);
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/auth/reset-password");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/auth/register");
  });

  it("does nothing more when a social sign-in is cancelled", async () => {
    mockSignInWithSocial.mockResolvedValue(null);
    const user = userEvent.setup();
    render(<LoginForm redirectTo={null} expired={false} />);

    await user.click(screen.getByRole("button", { name: "Continue with GitHub" }));

    expect(mockSignInWithSocial).toHaveBeenCalledWith(mockAuthValue.auth, "github");
    expect(completeSignIn).not.toHaveBeenCalled();
    expect(mockNavigate).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with GitHub" })).toBeEnabled();
  });

  it("completes a social sign-in and returns to the remembered page", async () => {
    const fbUser = { uid: "u1" };
    mockSignInWithSocial.mockResolvedValue({ user: fbUser });
    completeSignIn.mockResolvedValue({});
    const user = userEvent.setup();
    render(<LoginForm redirectTo="/servers?tag=prod" expired={false} />);

    await user.click(screen.getByRole("button", { name: "Continue with Google" }));

    expect(completeSignIn).toHaveBeenCalledWith(fbUser);
    expect(mockNavigate).toHaveBeenCalledTimes(1);
    expect(mockNavigate).toHaveBeenCalledWith("/servers?tag=prod");
  });

  it("moves on once a remembered identity has been signed in", () => {
    mockAuthValue = { ...mockAuthValue, status: "signed-in" };
    render(<LoginForm redirectTo="https://evil.example" expired={false} />);
    expect(mockNavigate).toHaveBeenCalledWith("/dashboard");
  });

  it("shows a sync failure reported by the provider", () => {
    mockAuthValue = { ...mockAuthValue, syncError: "Network error: Cannot connect to server. Please check your internet connection." };
    render(<LoginForm redirectTo={null} expired={false} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Cannot connect to server");
  });
});
