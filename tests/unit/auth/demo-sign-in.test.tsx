import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthContextValue } from "@/lib/auth/auth-provider";
import { LoginForm } from "@/components/auth/login-form";

const mockSignInWithCustomToken = jest.fn();
const mockApiSend = jest.fn();
const completeSignIn = jest.fn();
const mockNavigate = jest.fn();

jest.mock("firebase/auth", () => ({
  signInWithEmailAndPassword: jest.fn(),
  signInWithCustomToken: (...args: unknown[]) => mockSignInWithCustomToken(...args),
}));
jest.mock("@/lib/api-client/fetch", () => ({ apiSend: (...args: unknown[]) => mockApiSend(...args) }));
jest.mock("@/lib/auth/redirect", () => ({
  ...jest.requireActual("@/lib/auth/redirect"),
  navigateAfterAuth: (path: string) => mockNavigate(path),
}));

let mockAuthValue: AuthContextValue;
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => mockAuthValue }));

const localConfig = {
  firebase: { apiKey: "demo-api-key", authDomain: "d", projectId: "demo-x", messagingSenderId: "", appId: "" },
  authEmulatorUrl: "http://127.0.0.1:9099",
  demoAccounts: true as const,
};

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  mockAuthValue = {
    status: "signed-out",
    user: null,
    firebaseUser: null,
    auth: {} as AuthContextValue["auth"],
    config: localConfig,
    syncError: null,
    completeSignIn,
    refreshToken: jest.fn(),
    signOut: jest.fn(),
  };
});

describe("Try the demo account", () => {
  it("is offered where demo accounts are on only", () => {
    const { unmount } = render(<LoginForm redirectTo={null} expired={false} />);
    expect(screen.getByRole("button", { name: "Try the demo account" })).toBeEnabled();
    unmount();

    mockAuthValue = { ...mockAuthValue, config: { firebase: localConfig.firebase } };
    render(<LoginForm redirectTo={null} expired={false} />);
    expect(screen.queryByRole("button", { name: "Try the demo account" })).not.toBeInTheDocument();
  });

  it("signs in with the server's custom token, then the normal sync, and moves on", async () => {
    mockApiSend.mockResolvedValue({ token: "custom-token" });
    const fbUser = { uid: "demo-user" };
    mockSignInWithCustomToken.mockResolvedValue({ user: fbUser });
    completeSignIn.mockResolvedValue({});
    const user = userEvent.setup();
    render(<LoginForm redirectTo="/servers" expired={false} />);

    await user.click(screen.getByRole("button", { name: "Try the demo account" }));

    expect(mockApiSend).toHaveBeenCalledWith("POST", "/api/auth/demo");
    expect(mockSignInWithCustomToken).toHaveBeenCalledWith(mockAuthValue.auth, "custom-token");
    expect(completeSignIn).toHaveBeenCalledWith(fbUser);
    expect(mockNavigate).toHaveBeenCalledWith("/servers");
  });

  it("shows why when the demo cannot start", async () => {
    mockApiSend.mockRejectedValue(new Error("503: The demo is unavailable."));
    const user = userEvent.setup();
    render(<LoginForm redirectTo={null} expired={false} />);

    await user.click(screen.getByRole("button", { name: "Try the demo account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("503: The demo is unavailable.");
    expect(completeSignIn).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Try the demo account" })).toBeEnabled();
  });
});
