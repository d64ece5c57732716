import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database";
import { alertChannels } from "../../db/schema";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from "../../webhooks/sign";
import { discordMessage, slackMessage } from "../formats";
import type { AlertPayload } from "../schema";
import { openSecret, type ChannelSecret } from "./config";
import { ntfyMessage } from "./ntfy";
import { pagerDutyEvent } from "./pagerduty";
import type { PublicSettings } from "./schema";
import { teamsMessage } from "./teams";
import { telegramMessage, telegramSendUrl } from "./telegram";

/**
 * The HTTP request that carries one alert to a notification channel, built
 * from the channel's settings as they are at sending time. The caller posts
 * it through the guarded fetch, like the settings webhook's.
 */

export interface ChannelRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

const JSON_HEADERS = { "content-type": "application/json", "user-agent": "MCP-Console-Webhooks/1" };

function build(settings: PublicSettings, secret: ChannelSecret, deliveryId: string, payload: AlertPayload): ChannelRequest {
  const json = (url: string, body: unknown, extra: Record<string, string> = {}) => ({ url, body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...extra } });
  switch (settings.kind) {
    case "webhook": {
      const body = JSON.stringify(payload);
      // Signed at the moment of sending, by the wall clock: the receiver compares it with its own.
      return {
        url: secret.url!,
        body,
        headers: { ...JSON_HEADERS, [EVENT_HEADER]: payload.event, [DELIVERY_HEADER]: deliveryId, [SIGNATURE_HEADER]: signatureHeader(body, secret.signingSecret!) },
      };
    }
    case "slack":
      return json(secret.url!, slackMessage(payload));
    case "discord":
      return json(secret.url!, discordMessage(payload));
    case "teams":
      return json(secret.url!, teamsMessage(payload));
    case "pagerduty":
      return json(settings.eventsUrl, pagerDutyEvent(payload, secret.routingKey!));
    case "ntfy":
      // JSON publishing goes to the server's root; the topic is in the body.
      return json(settings.serverUrl, ntfyMessage(payload, secret.topic!, settings.priority), secret.token ? { authorization: `Bearer ${secret.token}` } : {});
    case "telegram":
      return json(telegramSendUrl(settings.apiUrl, secret.botToken!), telegramMessage(payload, settings.chatId));
  }
}

/** The request for a delivery to channel `channelId` of `uid`, or null when the channel is gone. */
export async function channelRequest(d: Db, uid: string, channelId: string, deliveryId: string, payload: AlertPayload): Promise<ChannelRequest | null> {
  const [row] = await d
    .select({ settings: alertChannels.settings, secretEnc: alertChannels.secretEnc })
    .from(alertChannels)
    .where(and(eq(alertChannels.id, channelId), eq(alertChannels.ownerUid, uid)))
    .limit(1);
  if (!row) return null;
  return build(row.settings as PublicSettings, openSecret(channelId, row.secretEnc), deliveryId, payload);
}
