import { alertMessage, type AlertMessage } from "../message";
import type { AlertPayload } from "../schema";

/**
 * Telegram Bot API `sendMessage`: `{chat_id, text, parse_mode}` with the
 * HTML parse mode, in which only `<`, `>` and `&` need escaping, so a
 * server's name cannot become markup. Link previews are off: the link is
 * the console's, not news.
 */

const EMOJI: Record<AlertMessage["tone"], string> = { down: "🔴", up: "🟢", warning: "🟠", info: "🔔" };
const MAX_TEXT = 4096;
const htmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function telegramMessage(p: AlertPayload, chatId: string) {
  const m = alertMessage(p);
  const text = [`${EMOJI[m.tone]} <b>${htmlEscape(m.headline)}</b>`, ...m.lines.map(htmlEscape), `<a href="${htmlEscape(m.url)}">${p.event === "test" ? "Open the settings" : "Open the server"}</a>`].join("\n");
  return {
    chat_id: chatId,
    text: text.slice(0, MAX_TEXT),
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
  };
}

/** The method's address: the bot token is part of the path, which is why it is a secret. */
export const telegramSendUrl = (apiUrl: string, botToken: string) => `${apiUrl.endsWith("/") ? apiUrl.slice(0, -1) : apiUrl}/bot${botToken}/sendMessage`;
