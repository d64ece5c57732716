/** @jest-environment node */
import { configureApiClient } from "@/lib/api/fetch";
import { FREE_SUBSCRIPTION } from "@/lib/plans/table";
import { fetchSubscription } from "@/lib/subscription/use-subscription";

jest.mock("@/lib/auth/auth-provider", () => ({ useAuth: () => ({}) }));

const pro = { tier: "pro", active: true, expiresAt: null, features: { fullMonitoring: true, fullScanner: true, dataExport: true } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("fetchSubscription", () => {
  afterEach(() => configureApiClient(null));

  it("returns the server's subscription", async () => {
    global.fetch = jest.fn(async () => json(200, pro)) as typeof fetch;
    await expect(fetchSubscription()).resolves.toEqual(pro);
  });

  it("refreshes the token once on a 401 and retries", async () => {
    const refreshToken = jest.fn(async () => "fresh");
    configureApiClient({ getToken: async () => "stale", refreshToken });
    global.fetch = jest.fn().mockResolvedValueOnce(json(401, { error: "unauthenticated" })).mockResolvedValueOnce(json(200, pro)) as typeof fetch;
    await expect(fetchSubscription()).resolves.toEqual(pro);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    const retried = (global.fetch as jest.Mock).mock.calls[1][1];
    expect(retried.headers.Authorization).toBe("Bearer fresh");
  });

  it("falls back to the free default on any other failure", async () => {
    global.fetch = jest.fn(async () => json(500, { error: "internal_error" })) as typeof fetch;
    await expect(fetchSubscription()).resolves.toEqual(FREE_SUBSCRIPTION);
    global.fetch = jest.fn(async () => Promise.reject(new TypeError("offline"))) as typeof fetch;
    await expect(fetchSubscription()).resolves.toEqual(FREE_SUBSCRIPTION);
  });
});
