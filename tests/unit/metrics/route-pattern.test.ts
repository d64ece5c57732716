import { routePattern } from "@/lib/metrics/http";

describe("routePattern", () => {
  it("labels a request by its route, not by the ids in its path", () => {
    expect(routePattern("/api/servers/3f2a/checks", { id: "3f2a" })).toBe("/api/servers/[id]/checks");
    expect(routePattern("/api/servers/a/incidents/b/updates", { id: "a", incidentId: "b" })).toBe(
      "/api/servers/[id]/incidents/[incidentId]/updates",
    );
  });

  it("leaves a path without parameters as it is, and matches an encoded segment", () => {
    expect(routePattern("/api/servers", {})).toBe("/api/servers");
    expect(routePattern("/api/admin/users/a%20b", { uid: "a b" })).toBe("/api/admin/users/[uid]");
  });
});
