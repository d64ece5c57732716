/** @jest-environment node */
import { actionTone, activityHref, deletedTargetIds } from "@/components/dashboard/activity-meta";
import { actionLabel } from "@/lib/activity/labels";
import { nextPlanPitch } from "@/components/app/plan-upsell";
import { ACTIVITY_ACTIONS } from "@/lib/activity/actions";

const event = (action: string, targetId: string | null = "s1", targetType: string | null = "server") => ({
  id: `${action}-${targetId}`,
  action,
  summary: "x",
  targetType,
  targetId,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("recent activity", () => {
  it("has a readable label for every action, and a fallback for new ones", () => {
    const labels = ACTIVITY_ACTIONS.map(actionLabel);
    expect(new Set(labels).size).toBe(ACTIVITY_ACTIONS.length);
    labels.forEach((l) => expect(l).not.toMatch(/\./));
    expect(actionLabel("scan.rule_added")).toBe("scan rule added");
  });

  it("links a server's event to the server, unless it was deleted; other events to the log", () => {
    const items = [event("server.deleted", "gone"), event("server.created", "gone"), event("server.discovered", "s1"), event("auth.sign_in", null, null)];
    const deleted = deletedTargetIds(items);
    expect([...deleted]).toEqual(["gone"]);
    expect(items.map((i) => activityHref(i, deleted))).toEqual(["/activity", "/activity", "/servers/s1", "/activity"]);
  });

  it("links a gateway's event to the gateway, unless it was deleted", () => {
    const items = [event("gateway.deleted", "g0", "gateway"), event("gateway.call", "g0", "gateway"), event("gateway.blocked", "g1", "gateway")];
    const deleted = deletedTargetIds(items);
    expect(items.map((i) => activityHref(i, deleted))).toEqual(["/activity", "/activity", "/gateways/g1"]);
  });

  it("colours outages and removals as bad, recoveries and additions as good", () => {
    expect(actionTone("monitor.down")).toBe("bad");
    expect(actionTone("monitor.recovered")).toBe("good");
    expect(actionTone("server.updated")).toBe("neutral");
  });
});

describe("nextPlanPitch", () => {
  it("says what the next plan up unlocks, from the plans table", () => {
    expect(nextPlanPitch("free tier")).toBe("Pro gives you up to 50 servers, 25 gateways, checks every minute, uptime beyond 24 hours, 50 status pages, every scanner rule, exports.");
    expect(nextPlanPitch("pro")).toBe("Enterprise gives you up to 1,000 servers, 250 gateways, checks every 30 seconds.");
    expect(nextPlanPitch("enterprise")).toBeNull();
  });
});
