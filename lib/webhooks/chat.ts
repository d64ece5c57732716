/**
 * Chat services' incoming webhooks, recognised by their URL: they want their
 * own message format, and they cannot verify a signature, so they get none.
 */
export type ChatService = "slack" | "discord";

const DISCORD_HOST = /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/;

export function chatServiceOf(url: string): ChatService | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:") return null;
  const host = u.hostname.toLowerCase();
  if (host === "hooks.slack.com" && u.pathname.startsWith("/services/")) return "slack";
  if (DISCORD_HOST.test(host) && u.pathname.startsWith("/api/webhooks/")) return "discord";
  return null;
}
