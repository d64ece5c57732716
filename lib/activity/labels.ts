import type { ActivityAction } from "./actions";

/** How the activity log, its filter and the dashboard name each action. */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_out": "Signed out",
  "auth.signed_out_everywhere": "Signed out everywhere",
  "server.created": "Server created",
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
  "maintenance.scheduled": "Maintenance scheduled",
  "maintenance.cancelled": "Maintenance cancelled",
  "alerts.paused": "Alerts paused",
  "alerts.resumed": "Alerts resumed",
  "incident.update_posted": "Incident update posted",
  "scan.completed": "Scan completed",
  "scan.baseline_pinned": "Baseline pinned",
  "finding.accepted": "Finding accepted",
  "finding.false_positive": "Finding marked as false positive",
  "finding.reopened": "Finding reopened",
  "settings.updated": "Settings updated",
  "support.ticket_created": "Support ticket created",
  "support.message_posted": "Support message posted",
  "export.downloaded": "Export downloaded",
  "account.plan_changed": "Plan changed",
  "token.created": "API token created",
  "token.revoked": "API token revoked",
  "token.used": "API token used",
  "servers.imported": "Servers imported",
  "gateway.created": "Gateway created",
  "gateway.updated": "Gateway updated",
  "gateway.deleted": "Gateway deleted",
  "gateway.approved": "Definitions approved for gateways",
  "gateway.call": "Call through a gateway",
  "gateway.blocked": "Call blocked by a gateway",
  "oauth.authorization_started": "Sign-in to a server started",
  "oauth.authorized": "Signed in to a server",
  "oauth.client_registered": "App asked to connect",
  "oauth.grant_created": "App allowed on a gateway",
  "oauth.grant_revoked": "App's access revoked",
};

/** The label of an action; one recorded before a later rename still reads sensibly. */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action.replace(/[._]/g, " ");
}
