/** @jest-environment node */
import { adminUserUpdate } from "@/lib/admin/schema";

describe("admin user update", () => {
  it("accepts a role, a plan and a future expiry, and refuses the rest", () => {
    expect(adminUserUpdate.safeParse({ plan: "pro", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }).success).toBe(true);
    expect(adminUserUpdate.safeParse({ plan: "pro", expiresAt: null }).success).toBe(true);
    for (const bad of [{}, { role: "root" }, { plan: "pro", expiresAt: "2000-01-01T00:00:00Z" }, { plan: "platinum" }]) {
      expect(adminUserUpdate.safeParse(bad).success).toBe(false);
    }
  });
});
