import { effectiveSubscription, FREE_SUBSCRIPTION, PLANS } from "@/lib/plans/table";

describe("plans", () => {
  it("keeps the free default: free tier, inactive, no expiry, no features", () => {
    expect(FREE_SUBSCRIPTION).toEqual({
      tier: "free tier",
      active: false,
      expiresAt: null,
      features: { fullMonitoring: false, fullScanner: false, dataExport: false },
    });
  });

  it("has the product's limits", () => {
    expect([PLANS["free tier"].maxServers, PLANS.pro.maxServers, PLANS.enterprise.maxServers]).toEqual([3, 50, 1000]);
    expect([PLANS["free tier"].workbenchCallsPerDay, PLANS.pro.workbenchCallsPerDay, PLANS.enterprise.workbenchCallsPerDay]).toEqual([200, 10000, 100000]);
  });

  it("reads a paid plan as active until it expires, then as the free default", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(effectiveSubscription("pro", new Date("2026-07-01T00:00:00Z"), now)).toEqual({
      tier: "pro",
      active: true,
      expiresAt: "2026-07-01T00:00:00.000Z",
      features: { fullMonitoring: true, fullScanner: true, dataExport: true },
    });
    expect(effectiveSubscription("pro", new Date("2026-05-01T00:00:00Z"), now)).toEqual(FREE_SUBSCRIPTION);
    expect(effectiveSubscription("enterprise", null, now).active).toBe(true);
  });
});
