import { alertMessage, formatTime, type AlertMessage } from "../message";
import type { AlertPayload } from "../schema";

/**
 * Microsoft Teams: a Workflows webhook ("When a Teams webhook request is
 * received") or a legacy incoming webhook takes a message whose one
 * attachment is an Adaptive Card. Version 1.4 is what Teams renders in
 * every client; text in a TextBlock is plain apart from a Markdown subset,
 * so a server's name has its Markdown characters escaped.
 */

const COLOURS: Record<AlertMessage["tone"], string> = { down: "Attention", up: "Good", warning: "Warning", info: "Accent" };
const markdownEscape = (s: string) => s.replace(/([\\*_~`[\]()#>-])/g, "\\$1");

export const ADAPTIVE_CARD_CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";

export function teamsMessage(p: AlertPayload) {
  const m = alertMessage(p);
  return {
    type: "message",
    attachments: [
      {
        contentType: ADAPTIVE_CARD_CONTENT_TYPE,
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: markdownEscape(m.headline), weight: "Bolder", size: "Medium", color: COLOURS[m.tone], wrap: true },
            ...m.lines.map((line) => ({ type: "TextBlock", text: markdownEscape(line), wrap: true, spacing: "Small" })),
            { type: "TextBlock", text: `MCP Console · ${formatTime(p.createdAt)}`, isSubtle: true, size: "Small", wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: p.event === "test" ? "Open the settings" : "Open the server", url: m.url }],
        },
      },
    ],
  };
}
