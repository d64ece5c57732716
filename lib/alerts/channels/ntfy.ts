import { alertMessage, type AlertMessage } from "../message";
import type { AlertPayload } from "../schema";
import type { NTFY_PRIORITIES } from "./schema";

/**
 * ntfy: a message published as JSON to the server's root URL (`{topic,
 * title, message, priority, tags, click}`), which carries the title,
 * priority and tags that the header form would, in UTF-8 without the
 * headers' encoding rules. Priority is a number from 1 (min) to 5 (urgent);
 * a tag that names an emoji shows as that emoji.
 */

const PRIORITY: Record<(typeof NTFY_PRIORITIES)[number], number> = { min: 1, low: 2, default: 3, high: 4, urgent: 5 };
const TAGS: Record<AlertMessage["tone"], string> = { down: "red_circle", up: "green_circle", warning: "orange_circle", info: "bell" };
const MAX_MESSAGE = 4096;

export function ntfyMessage(p: AlertPayload, topic: string, priority: (typeof NTFY_PRIORITIES)[number]) {
  const m = alertMessage(p);
  return {
    topic,
    title: m.headline,
    message: m.lines.join("\n").slice(0, MAX_MESSAGE) || m.headline,
    // A recovery is good news: it never rings louder than the default.
    priority: m.tone === "down" || m.tone === "warning" ? PRIORITY[priority] : Math.min(PRIORITY[priority], PRIORITY.default),
    tags: [TAGS[m.tone], "mcp-console"],
    click: m.url,
  };
}
