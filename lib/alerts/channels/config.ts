import "server-only";
import { secretContext } from "../../crypto/contexts";
import { decrypt, encrypt } from "../../crypto/encryption";
import { mask } from "../../crypto/mask";
import { badRequest } from "../../http/errors";
import { newSigningSecret } from "../../webhooks/sign";
import { shortDestination } from "../destination";
import type { ChannelKind, ChannelSettings, PublicSettings } from "./schema";

/**
 * A channel's settings split for storage: what may be shown (`settings`),
 * what grants access (`secret`, sealed with the row's context) and the
 * masked destination the console shows instead of the secret.
 */

export interface ChannelSecret {
  /** Webhook, Slack, Discord and Teams: the URL posted to. */
  url?: string;
  /** Webhook: the HMAC key of its signatures. */
  signingSecret?: string;
  routingKey?: string;
  topic?: string;
  token?: string;
  botToken?: string;
}

export interface StoredConfig {
  settings: PublicSettings;
  secret: ChannelSecret;
  destination: string;
}

const REQUIRED: Record<ChannelKind, { field: keyof ChannelSecret; message: string }[]> = {
  webhook: [{ field: "url", message: "Enter the webhook URL." }],
  slack: [{ field: "url", message: "Enter the Slack webhook URL." }],
  discord: [{ field: "url", message: "Enter the Discord webhook URL." }],
  teams: [{ field: "url", message: "Enter the Teams workflow or webhook URL." }],
  pagerduty: [{ field: "routingKey", message: "Enter the routing key." }],
  ntfy: [{ field: "topic", message: "Enter the topic." }],
  telegram: [{ field: "botToken", message: "Enter the bot token." }],
};

function destinationOf(s: PublicSettings, secret: ChannelSecret): string {
  switch (s.kind) {
    case "pagerduty":
      return `PagerDuty routing key ${mask(secret.routingKey!)}`;
    case "ntfy":
      return `${shortDestination(s.serverUrl)}/${mask(secret.topic!)}`;
    case "telegram":
      return `Telegram chat ${s.chatId}`;
    default:
      return shortDestination(secret.url!);
  }
}

/**
 * The stored form of `input`; on an edit, secrets left out are taken from
 * `before` (of the same kind). A new webhook gets a new signing secret.
 */
export function storedConfig(input: ChannelSettings, before?: ChannelSecret): StoredConfig {
  const given: ChannelSecret = {};
  let settings: PublicSettings;
  switch (input.kind) {
    case "pagerduty":
      given.routingKey = input.routingKey;
      settings = { kind: input.kind, eventsUrl: input.eventsUrl };
      break;
    case "ntfy":
      given.topic = input.topic;
      given.token = input.token;
      settings = { kind: input.kind, serverUrl: input.serverUrl, priority: input.priority, tokenSet: false };
      break;
    case "telegram":
      given.botToken = input.botToken;
      settings = { kind: input.kind, chatId: input.chatId, apiUrl: input.apiUrl };
      break;
    default:
      given.url = input.url;
      settings = { kind: input.kind };
  }
  const secret: ChannelSecret = { ...before };
  for (const [k, v] of Object.entries(given) as [keyof ChannelSecret, string | undefined][]) if (v !== undefined) secret[k] = v;
  // An empty token removes it: a topic that stopped needing one.
  if (secret.token === "") delete secret.token;
  if (settings.kind === "ntfy") settings.tokenSet = Boolean(secret.token);
  if (input.kind === "webhook") secret.signingSecret ??= newSigningSecret();
  const missing = REQUIRED[input.kind].filter((r) => !secret[r.field]);
  if (missing.length > 0) throw badRequest(missing[0].message, missing.map((r) => ({ path: `settings.${r.field}`, message: r.message })));
  return { settings, secret, destination: destinationOf(settings, secret) };
}

export const sealSecret = (channelId: string, secret: ChannelSecret) => encrypt(JSON.stringify(secret), secretContext.alertChannel(channelId));
export const openSecret = (channelId: string, secretEnc: string): ChannelSecret => JSON.parse(decrypt(secretEnc, secretContext.alertChannel(channelId)));
