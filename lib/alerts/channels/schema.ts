import { z } from "zod";
import { isoTime } from "../../api-contract/fields";
import { webhookUrl } from "../../settings/schema";

/**
 * Notification channels: where an account's alerts go besides its own email
 * address. Each has a name, a kind and the kind's settings. What grants
 * access to the destination (a webhook URL, whose path is its token; a
 * routing key; a bot token; an ntfy topic, which is its own password on a
 * public server) is a secret: stored encrypted, never answered.
 */

export const CHANNEL_KINDS = ["webhook", "slack", "discord", "teams", "pagerduty", "ntfy", "telegram"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  webhook: "Signed webhook",
  slack: "Slack",
  discord: "Discord",
  teams: "Microsoft Teams",
  pagerduty: "PagerDuty",
  ntfy: "ntfy",
  telegram: "Telegram",
};

export const CHANNEL_NAME_MAX = 60;
export const PAGERDUTY_EVENTS_URL = "https://events.pagerduty.com/v2/enqueue";
export const NTFY_SERVER = "https://ntfy.sh";
export const TELEGRAM_API = "https://api.telegram.org";
export const NTFY_PRIORITIES = ["min", "low", "default", "high", "urgent"] as const;

const name = z.string().trim().min(1, "Enter a name for the channel.").max(CHANNEL_NAME_MAX, `Use at most ${CHANNEL_NAME_MAX} characters.`);
/** http:// passes here only for a receiver on the developer's machine; the server checks the scheme again. */
const url = webhookUrl(true);

function hostedOn(check: (u: URL) => boolean, message: string) {
  return url.refine((s) => {
    try {
      return check(new URL(s));
    } catch {
      return false;
    }
  }, message);
}

const DISCORD_HOST = /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/;

/**
 * Each kind's settings as a form and the API take them. On an edit a secret
 * left out keeps its stored value; the plain settings are sent whole.
 */
export const channelSettings = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("webhook"), url: url.optional() }),
  z.object({
    kind: z.literal("slack"),
    url: hostedOn((u) => u.hostname === "hooks.slack.com" && u.pathname.startsWith("/services/"), "Enter a Slack incoming-webhook URL (https://hooks.slack.com/services/…).").optional(),
  }),
  z.object({
    kind: z.literal("discord"),
    url: hostedOn((u) => DISCORD_HOST.test(u.hostname) && u.pathname.startsWith("/api/webhooks/"), "Enter a Discord webhook URL (https://discord.com/api/webhooks/…).").optional(),
  }),
  /** A Teams Workflows ("Post to a channel when a webhook request is received") or incoming-webhook URL. */
  z.object({ kind: z.literal("teams"), url: url.optional() }),
  z.object({
    kind: z.literal("pagerduty"),
    routingKey: z.string().trim().regex(/^[A-Za-z0-9]{32}$/, "Enter the integration's 32-character routing key (Events API v2).").optional(),
    /** The EU service region, or a proxy of the operator's, has another address. */
    eventsUrl: url.default(PAGERDUTY_EVENTS_URL),
  }),
  z.object({
    kind: z.literal("ntfy"),
    serverUrl: url.default(NTFY_SERVER),
    topic: z.string().trim().regex(/^[-_A-Za-z0-9]{1,64}$/, "Enter a topic: letters, digits, - and _, up to 64.").optional(),
    /** An access token for a protected topic (tk_…); empty: none. */
    token: z.string().trim().max(200, "The token is too long.").optional(),
    priority: z.enum(NTFY_PRIORITIES).default("high"),
  }),
  z.object({
    kind: z.literal("telegram"),
    botToken: z.string().trim().regex(/^\d{5,15}:[-_A-Za-z0-9]{30,64}$/, "Enter the bot token BotFather gave you (123456789:AA…).").optional(),
    chatId: z.string().trim().regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, "Enter a chat id (a number, negative for groups) or @channelname."),
    /** A self-hosted Bot API server; the public one by default. */
    apiUrl: url.default(TELEGRAM_API),
  }),
]);
export type ChannelSettingsInput = z.input<typeof channelSettings>;
export type ChannelSettings = z.infer<typeof channelSettings>;

export const channelCreate = z.object({ name, settings: channelSettings });
export type ChannelCreate = z.infer<typeof channelCreate>;

export const channelUpdate = z
  .object({ name: name.optional(), settings: channelSettings.optional() })
  .refine((v) => v.name !== undefined || v.settings !== undefined, { error: "Nothing to change." });
export type ChannelUpdate = z.infer<typeof channelUpdate>;

/** The settings a channel answers with: every field but its secrets. */
export const publicSettings = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("webhook") }),
  z.object({ kind: z.literal("slack") }),
  z.object({ kind: z.literal("discord") }),
  z.object({ kind: z.literal("teams") }),
  z.object({ kind: z.literal("pagerduty"), eventsUrl: z.string() }),
  z.object({ kind: z.literal("ntfy"), serverUrl: z.string(), priority: z.enum(NTFY_PRIORITIES), tokenSet: z.boolean() }),
  z.object({ kind: z.literal("telegram"), chatId: z.string(), apiUrl: z.string() }),
]);
export type PublicSettings = z.infer<typeof publicSettings>;

const lastDelivery = z.object({ status: z.enum(["pending", "delivered", "failed", "silenced"]), createdAt: isoTime, error: z.string().nullable() });

export const channelDto = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  /** Where it goes, masked: the host and the path's first part, or the last characters of a key. */
  destination: z.string(),
  settings: publicSettings,
  createdAt: isoTime,
  /** The newest delivery to this channel, test events included; null before the first. */
  lastDelivery: lastDelivery.nullable(),
  /** False when the plan holds fewer channels than the account has: this one (among the newest) is not sent to. */
  active: z.boolean(),
});
export type ChannelDto = z.infer<typeof channelDto>;

export const channelList = z.object({
  channels: z.array(channelDto),
  /** Channels besides email the plan allows, the account's settings webhook counted among them. */
  limit: z.number().int(),
  /** How many of those are in use, that webhook included. */
  used: z.number().int(),
});
export type ChannelList = z.infer<typeof channelList>;

/** `POST` a webhook channel: its signing secret, shown this once. */
export const channelCreated = channelDto.extend({ signingSecret: z.string().optional() });
export type ChannelCreated = z.infer<typeof channelCreated>;

/**
 * Which channels one server alerts: `all` of the account's, or the chosen
 * ones (`email` and `webhook` stand for the account's address and settings
 * webhook; the rest are channel ids).
 */
export const serverChannelsChoice = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("all") }),
  z.object({ mode: z.literal("chosen"), channels: z.array(z.string().max(64)).min(1, "Choose at least one channel, or pause the server's alerts instead.").max(300) }),
]);
export type ServerChannelsChoice = z.infer<typeof serverChannelsChoice>;

export const serverChannelsAnswer = z.object({
  mode: z.enum(["all", "chosen"]),
  /** Every channel the account has, each marked as used by this server or not. */
  options: z.array(z.object({ key: z.string(), name: z.string(), kind: z.enum(["email", "account-webhook", ...CHANNEL_KINDS]), destination: z.string(), used: z.boolean() })),
});
export type ServerChannelsAnswer = z.infer<typeof serverChannelsAnswer>;

/** Every channel a delivery can go by, as the deliveries list names it. */
export const DELIVERY_CHANNEL_LABELS: Record<"email" | ChannelKind, string> = { email: "Email", ...CHANNEL_KIND_LABELS, webhook: "Webhook" };
