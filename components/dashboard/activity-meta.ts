import type { ActivityAction } from "@/lib/activity/actions";
import type { DashboardSummary } from "@/lib/dashboard/types";

type ActivityItem = DashboardSummary["recentActivity"][number];

const LABELS: Record<ActivityAction, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_out": "Signed out",
  "server.created": "Server added",
  "server.updated": "Server updated",
  "server.deleted": "Server deleted",
  "server.tested": "Connection tested",
  "server.discovered": "Inventory refreshed",
  "workbench.call": "Workbench call",
  "monitor.down": "Server down",
  "monitor.recovered": "Server recovered",
  "status_page.created": "Status page created",
  "status_page.updated": "Status page updated",
  "status_page.deleted": "Status page deleted",
  "incident.update_posted": "Incident update posted",
  "scan.completed": "Scan completed",
  "scan.baseline_pinned": "Baseline pinned",
  "settings.updated": "Settings updated",
  "support.ticket_created": "Ticket opened",
  "support.message_posted": "Support message",
  "export.downloaded": "Export downloaded",
  "account.plan_changed": "Plan changed",
};

/** A short label for an action; an action added later still reads sensibly. */
export function actionLabel(action: string): string {
  return (LABELS as Record<string, string>)[action] ?? action.replace(/[._]/g, " ");
}

export type ActivityTone = "good" | "bad" | "neutral";

export function actionTone(action: string): ActivityTone {
  if (action === "monitor.down" || action === "server.deleted") return "bad";
  if (action === "monitor.recovered" || action === "server.created") return "good";
  return "neutral";
}

/** The servers the listed events show as deleted. */
export function deletedServerIds(items: readonly ActivityItem[]): Set<string> {
  return new Set(items.filter((i) => i.action === "server.deleted" && i.targetId).map((i) => i.targetId!));
}

/** Where an event leads: its server while it exists, otherwise the activity log. */
export function activityHref(item: ActivityItem, deleted: ReadonlySet<string> = new Set()): string {
  if (item.targetType === "server" && item.targetId && !deleted.has(item.targetId) && item.action !== "server.deleted") {
    return `/servers/${encodeURIComponent(item.targetId)}`;
  }
  return "/activity";
}
