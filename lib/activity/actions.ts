/** Every action the audit trail knows; `lib/activity/labels.ts` names each for people. */
export const ACTIVITY_ACTIONS = [
  "auth.sign_in",
  "auth.sign_out",
  "server.created",
  "server.updated",
  "server.deleted",
  "server.tested",
  "server.discovered",
  "workbench.call",
  "monitor.down",
  "monitor.recovered",
  "status_page.created",
  "status_page.updated",
  "status_page.deleted",
  "incident.update_posted",
  "scan.completed",
  "scan.baseline_pinned",
  "settings.updated",
  "support.ticket_created",
  "support.message_posted",
  "export.downloaded",
  "account.plan_changed",
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
