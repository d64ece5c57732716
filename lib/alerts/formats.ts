import type { Mail } from "../mail/service";
import type { ChatService } from "../webhooks/chat";
import { alertMessage, formatTime, type AlertMessage } from "./message";
import type { AlertPayload } from "./schema";

/** Every way an alert leaves: the JSON event, an email, a Slack or a Discord message. */

const EMOJI: Record<AlertMessage["tone"], string> = { down: "🔴", up: "🟢", warning: "🟠", info: "🔔" };
/** Discord embed colours (0xRRGGBB). */
const COLOURS: Record<AlertMessage["tone"], number> = { down: 0xdc2626, up: 0x16a34a, warning: 0xea580c, info: 0x2563eb };

export function emailMessage(p: AlertPayload, to: string, settingsUrl: string): Mail {
  const m = alertMessage(p);
  return {
    to,
    subject: `[MCP Console] ${m.headline}`,
    text: [
      `${m.headline}.`,
      "",
      ...m.lines,
      "",
      `${p.event === "test" ? "Your settings" : "Open the server"}: ${m.url}`,
      "",
      "--",
      `You get this email because email alerts are on in your MCP Console settings: ${settingsUrl}`,
    ].join("\n"),
  };
}

/** Slack's mrkdwn treats these three as markup; everything else is text. */
const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

export function slackMessage(p: AlertPayload): SlackMessage {
  const m = alertMessage(p);
  const headline = `${EMOJI[m.tone]} ${m.headline}`;
  return {
    // The notification's text, and what clients without blocks show.
    text: slackEscape(headline),
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*<${m.url}|${slackEscape(headline)}>*\n${m.lines.map(slackEscape).join("\n")}` } },
      { type: "context", elements: [{ type: "mrkdwn", text: slackEscape(`MCP Console · ${formatTime(p.createdAt)}`) }] },
    ],
  };
}

/** Discord markdown characters, escaped so that a server's name stays its name. */
const discordEscape = (s: string) => s.replace(/([\\*_~`|>#[\]()-])/g, "\\$1");

export interface DiscordMessage {
  content: string;
  embeds: Record<string, unknown>[];
  allowed_mentions: { parse: string[] };
}

export function discordMessage(p: AlertPayload): DiscordMessage {
  const m = alertMessage(p);
  return {
    content: `${EMOJI[m.tone]} ${discordEscape(m.headline)}`.slice(0, 2000),
    embeds: [
      {
        title: m.headline.slice(0, 256),
        url: m.url,
        description: m.lines.map(discordEscape).join("\n").slice(0, 4096),
        color: COLOURS[m.tone],
        timestamp: p.createdAt,
        footer: { text: "MCP Console" },
      },
    ],
    // A name such as "@everyone" must not ping a whole channel.
    allowed_mentions: { parse: [] },
  };
}

/** The body a chat webhook gets instead of the signed JSON event. */
export function chatBody(service: ChatService, p: AlertPayload): string {
  return JSON.stringify(service === "slack" ? slackMessage(p) : discordMessage(p));
}
