import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { AuthProvider, TOKEN_REFRESH_INTERVAL_MS, useAuth } from "@/lib/auth/auth-provider";
import type { SessionUser } from "@/lib/auth/schema";

type Listener = (user: unknown) => void;
let mockListener: Listener | null = null;
const mockGetIdToken = jest.fn(async () => "fresh-token");
const mockLog = jest.fn();
const mockFirebaseUser = { uid: "u-1", getIdToken: (...args: unknown[]) => mockGetIdToken(...(args as [])) };
const mockAuth = { currentUser: mockFirebaseUser as unknown, authStateReady: async () => {} };

jest.mock("firebase/auth", () => ({
  onAuthStateChanged: (_auth: unknown, listener: Listener) => {
    mockListener = listener;
    return () => {
      mockListener = null;
    };
  },
  signOut: jest.fn(async () => {}),
}));
jest.mock("@/lib/auth/firebase-client", () => ({
  loadPublicConfig: async () => ({ apiKey: "k", authDomain: "d", projectId: "p", syncUrl: null }),
  firebaseAuth: () => mockAuth,
}));
jest.mock("@/lib/debug-log", () => ({ logAuthEvent: (...args: unknown[]) => mockLog(...args) }));
jest.mock("@/lib/auth/sync", () => ({ resetSync: () => {}, syncUserWithBackend: jest.fn() }));
jest.mock("@/lib/auth/token-sync", () => ({ startTokenSync: () => () => {} }));
jest.mock("@/lib/api-client/fetch", () => ({ configureApiClient: () => {} }));

const known: SessionUser = {
  uid: "u-1",
  email: "ada@example.com",
  displayName: "Ada",
  photoURL: null,
  emailVerified: true,
  role: "user",
  subscriptionPlan: "free tier",
  lastLoginAt: null,
};

function Status() {
  return <p>{useAuth().status}</p>;
}

const forced = () => mockGetIdToken.mock.calls.filter((args) => (args as unknown[])[0] === true).length;

describe("the proactive token refresh", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("refreshes the signed-in user's token every 45 minutes, and stops once they are signed out", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider initialUser={known} fallbackConfig={null}>
          <Status />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(mockListener).not.toBeNull();
    await act(async () => mockListener!(mockFirebaseUser));
    expect(screen.getByText("signed-in")).toBeInTheDocument();
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(45 * 60_000);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1_000);
    });
    expect(forced()).toBe(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(forced()).toBe(1);
    expect(mockLog).toHaveBeenCalledWith("token_refreshed");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    });
    expect(forced()).toBe(2);

    await act(async () => mockListener!(null));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_INTERVAL_MS);
    });
    expect(forced()).toBe(2);
  });
});
