import type { Plan } from "../plans/table";
import type { UserSettings } from "../settings/schema";

/**
 * Whether an account's alerts reach anyone, as the console tells it: `on`
 * with email alerts on (on an installation that sends mail), a webhook or a
 * notification channel the plan sends to, `no-channel` with none, `not-allowed` on a plan that sends none (a demo
 * account's). The same rule as the sending side's (lib/alerts/recipients.ts),
 * read from what the settings API returns.
 */
export type AlertReach = "on" | "no-channel" | "not-allowed";

export function alertReach(plan: Pick<Plan, "allows">, n: Pick<UserSettings["notifications"], "emailAlerts" | "mailEnabled" | "webhookUrl">, channels: number): AlertReach {
  if (!plan.allows.alerts) return "not-allowed";
  return (n.emailAlerts && n.mailEnabled) || n.webhookUrl || channels > 0 ? "on" : "no-channel";
}

/** A demo account's word for why it gets no alerts, where it would pause or set them up. */
export const DEMO_NO_ALERTS = "Demo accounts send no alerts. Create a free account to be alerted by email or webhook when a server goes down.";
