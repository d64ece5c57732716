import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { ApiError } from "@/lib/api-client/api-error";
import { DEMO_PLAN } from "@/lib/plans/demo";
import { FREE_SUBSCRIPTION, PLANS, type Subscription } from "@/lib/plans/table";
import { subscriptionKeys } from "@/lib/subscription/keys";
import { useSubscription } from "@/lib/subscription/use-subscription";

const mockApiGet = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: (...args: unknown[]) => mockApiGet(...args) }));
let mockUser: { uid: string } | null = { uid: "u1" };
jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({ user: mockUser }) }));

const pro: Subscription = { tier: "pro", active: true, expiresAt: null, features: { fullMonitoring: true, fullScanner: true, dataExport: true } };

function withCache(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

beforeEach(() => {
  mockApiGet.mockReset();
  mockUser = { uid: "u1" };
});

describe("useSubscription", () => {
  it("starts from the plan the page arrived with, without waiting for the API", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(subscriptionKeys.current("u1"), pro);
    const { result } = renderHook(() => useSubscription(), { wrapper: withCache(client) });
    expect(result.current).toEqual({ subscription: pro, plan: PLANS.pro, loading: false, fetched: true });
    expect(mockApiGet).not.toHaveBeenCalled();
  });

  it("keeps the known plan when a refresh fails, instead of showing a paying user the free plan", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
    client.setQueryData(subscriptionKeys.current("u1"), pro);
    mockApiGet.mockRejectedValue(new ApiError(503, "unavailable", "Try again"));
    const { result } = renderHook(() => useSubscription(), { wrapper: withCache(client) });
    await waitFor(() => expect(mockApiGet).toHaveBeenCalled());
    await waitFor(() => expect(client.getQueryState(subscriptionKeys.current("u1"))?.status).toBe("error"));
    expect(result.current.subscription).toEqual(pro);
  });

  it("asks the API once signed in, and reads as the free plan until it answers", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: (s: Subscription) => void = () => {};
    mockApiGet.mockReturnValue(new Promise<Subscription>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useSubscription(), { wrapper: withCache(client) });
    expect(result.current).toEqual({ subscription: FREE_SUBSCRIPTION, plan: PLANS["free tier"], loading: true, fetched: false });
    answer(pro);
    await waitFor(() => expect(result.current.subscription).toEqual(pro));
    expect(mockApiGet).toHaveBeenCalledWith("/api/user/subscription", expect.anything());
  });

  it("gives a demo visitor the demo's limits, on the Pro subscription it shows", () => {
    mockUser = { uid: "demo-visitor-0123456789ab" };
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(subscriptionKeys.current(mockUser.uid), pro);
    const { result } = renderHook(() => useSubscription(), { wrapper: withCache(client) });
    expect(result.current.subscription).toEqual(pro);
    expect(result.current.plan).toEqual(DEMO_PLAN);
    expect(result.current.plan.label).toBe("Demo");
  });

  it("asks nothing without a user", () => {
    mockUser = null;
    const { result } = renderHook(() => useSubscription(), { wrapper: withCache(new QueryClient()) });
    expect(result.current).toEqual({ subscription: FREE_SUBSCRIPTION, plan: PLANS["free tier"], loading: false, fetched: false });
    expect(mockApiGet).not.toHaveBeenCalled();
  });
});
