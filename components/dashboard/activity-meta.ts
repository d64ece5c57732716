import type { DashboardSummary } from "@/lib/dashboard/types";

type ActivityItem = DashboardSummary["recentActivity"][number];

export type ActivityTone = "good" | "bad" | "neutral";

export function actionTone(action: string): ActivityTone {
  if (action === "monitor.down" || action === "server.deleted") return "bad";
  if (action === "monitor.recovered" || action === "server.created") return "good";
  return "neutral";
}

/** The servers and gateways the listed events show as deleted. */
export function deletedTargetIds(items: readonly ActivityItem[]): Set<string> {
  return new Set(items.filter((i) => (i.action === "server.deleted" || i.action === "gateway.deleted") && i.targetId).map((i) => i.targetId!));
}

/** Where an event leads: its server or gateway while it exists, otherwise the activity log. */
export function activityHref(item: ActivityItem, deleted: ReadonlySet<string> = new Set()): string {
  if (item.targetType === "server" && item.targetId && !deleted.has(item.targetId) && item.action !== "server.deleted") {
    return `/servers/${encodeURIComponent(item.targetId)}`;
  }
  if (item.targetType === "gateway" && item.targetId && !deleted.has(item.targetId) && item.action !== "gateway.deleted") {
    return `/gateways/${encodeURIComponent(item.targetId)}`;
  }
  return "/activity";
}
