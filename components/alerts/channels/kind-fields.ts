import { NTFY_SERVER, PAGERDUTY_EVENTS_URL, TELEGRAM_API, type ChannelKind, type PublicSettings } from "@/lib/alerts/channels/schema";

/**
 * What a channel form asks for each kind: the fields in order, each with the
 * words that say where to find the value. A secret field starts blank when
 * editing and keeps the stored value if left so.
 */
export interface KindField {
  name: "url" | "routingKey" | "eventsUrl" | "serverUrl" | "topic" | "token" | "botToken" | "chatId" | "apiUrl";
  label: string;
  hint: string;
  secret: boolean;
  required: boolean;
  placeholder?: string;
}

const url = (label: string, hint: string, placeholder: string): KindField => ({ name: "url", label, hint, secret: true, required: true, placeholder });

export const KIND_FIELDS: Record<ChannelKind, KindField[]> = {
  webhook: [url("Endpoint URL", "Gets the JSON event, signed with a secret shown once after adding it (see the docs on verifying it).", "https://example.com/hooks/mcp")],
  slack: [url("Incoming webhook URL", "In Slack: Apps → Incoming Webhooks → Add New Webhook to Workspace, then copy its URL.", "https://hooks.slack.com/services/…")],
  discord: [url("Webhook URL", "In Discord: the channel's settings → Integrations → Webhooks → Copy Webhook URL.", "https://discord.com/api/webhooks/…")],
  teams: [url("Workflow URL", "In Teams: Workflows → “Post to a channel when a webhook request is received”, then copy the URL it gives.", "https://…/workflows/…")],
  pagerduty: [
    { name: "routingKey", label: "Integration key", hint: "A service's Integrations → Events API V2: the 32-character integration (routing) key.", secret: true, required: true },
    { name: "eventsUrl", label: "Events API URL", hint: `Leave as is unless your account is in the EU region (https://events.eu.pagerduty.com/v2/enqueue).`, secret: false, required: false, placeholder: PAGERDUTY_EVENTS_URL },
  ],
  ntfy: [
    { name: "serverUrl", label: "Server", hint: "ntfy.sh, or your own ntfy server.", secret: false, required: false, placeholder: NTFY_SERVER },
    { name: "topic", label: "Topic", hint: "On a public server the topic name is its password: pick one nobody would guess.", secret: true, required: true, placeholder: "mcp-alerts-7f3k2" },
    { name: "token", label: "Access token", hint: "Only for a protected topic (tk_…). Optional.", secret: true, required: false },
  ],
  telegram: [
    { name: "botToken", label: "Bot token", hint: "From @BotFather (/newbot). Add the bot to the chat first.", secret: true, required: true, placeholder: "123456789:AA…" },
    { name: "chatId", label: "Chat id", hint: "A user's or group's numeric id (groups are negative), or @channelname.", secret: false, required: true, placeholder: "-1001234567890" },
    { name: "apiUrl", label: "Bot API server", hint: "Leave as is unless you run your own Bot API server.", secret: false, required: false, placeholder: TELEGRAM_API },
  ],
};

/** The plain (non-secret) values a stored channel shows, to start an edit from. */
export function plainValues(s: PublicSettings): Record<string, string> {
  switch (s.kind) {
    case "pagerduty":
      return { eventsUrl: s.eventsUrl };
    case "ntfy":
      return { serverUrl: s.serverUrl, priority: s.priority };
    case "telegram":
      return { chatId: s.chatId, apiUrl: s.apiUrl };
    default:
      return {};
  }
}
