/** @jest-environment node */
import { discordMessage, slackMessage } from "@/lib/alerts/formats";
import { ntfyMessage } from "@/lib/alerts/channels/ntfy";
import { pagerDutyDedupKey, pagerDutyEvent } from "@/lib/alerts/channels/pagerduty";
import { teamsMessage } from "@/lib/alerts/channels/teams";
import { telegramMessage, telegramSendUrl } from "@/lib/alerts/channels/telegram";
import type { AlertPayload } from "@/lib/alerts/schema";

/**
 * Each provider's payload against the shape its documentation gives; the
 * field names below are the documented ones.
 */

const server = { id: "0f6c1c5e-1111-4111-8111-111111111111", name: "Payments <prod> & *co*" };
const opened: AlertPayload = {
  id: "5b0c8f2e-0d6b-4a43-9d0e-6f1f2b3c4d5e",
  event: "incident.opened",
  createdAt: "2025-06-01T10:05:00.000Z",
  server,
  incident: { id: "7d1e2f3a-2222-4222-8222-222222222222", openedAt: "2025-06-01T10:00:00.000Z", closedAt: null, durationSec: null, reason: "The connection was refused." },
  url: `https://console.example.com/servers/${server.id}`,
};
const resolved: AlertPayload = { ...opened, event: "incident.resolved", incident: { ...opened.incident!, closedAt: "2025-06-01T10:20:00.000Z", durationSec: 1200 } };
const flapping: AlertPayload = { ...opened, event: "incident.flapping", flapping: { since: opened.createdAt, summary: false, windowMinutes: 30, openings: 4, changes: 1, status: "down" } };
const stable = (status: "up" | "down"): AlertPayload => ({ ...flapping, event: "incident.stable", flapping: { ...flapping.flapping!, summary: true, status } });
const test: AlertPayload = { ...opened, event: "test", server: null, incident: null, message: "A test." };

describe("Slack incoming webhook (text + blocks)", () => {
  it("sends `text` as the notification's fallback and mrkdwn `section` and `context` blocks, with the name's markup escaped", () => {
    const m = slackMessage(opened);
    expect(m.text).toContain("Payments &lt;prod&gt; &amp; *co*");
    expect(m.blocks.map((b) => b.type)).toEqual(["section", "context"]);
    expect(m.blocks[0]).toMatchObject({ text: { type: "mrkdwn" } });
  });
});

describe("Discord execute-webhook (content + embeds)", () => {
  it("sends `content` and one embed with title, url, description, colour and timestamp, and pings no one (`allowed_mentions.parse: []`)", () => {
    const m = discordMessage(opened);
    expect(m.embeds[0]).toMatchObject({ url: opened.url, timestamp: opened.createdAt, color: expect.any(Number) });
    expect(m.allowed_mentions).toEqual({ parse: [] });
  });
});

describe("Microsoft Teams (message envelope with an Adaptive Card attachment)", () => {
  it("is {type: message, attachments: [{contentType: application/vnd.microsoft.card.adaptive, content: {type: AdaptiveCard, version, body}}]}", () => {
    const m = teamsMessage(opened);
    expect(m.type).toBe("message");
    expect(m.attachments).toHaveLength(1);
    const [a] = m.attachments;
    expect(a.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(a.content).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
    expect(a.content.body.every((b) => b.type === "TextBlock")).toBe(true);
    expect(a.content.body[0]).toMatchObject({ weight: "Bolder", color: "Attention", wrap: true });
    expect(a.content.actions).toEqual([{ type: "Action.OpenUrl", title: "Open the server", url: opened.url }]);
  });

  it("escapes the server name's Markdown, which TextBlocks render", () => {
    expect(teamsMessage(opened).attachments[0].content.body[0].text).toContain("\\*co\\*");
  });
});

describe("PagerDuty Events API v2 ({routing_key, event_action, dedup_key, payload: {summary, source, severity}})", () => {
  const KEY = "0123456789abcdef0123456789abcdef";

  it("triggers on an outage with a critical payload, keyed by the incident", () => {
    const e = pagerDutyEvent(opened, KEY);
    expect(e).toMatchObject({ routing_key: KEY, event_action: "trigger", dedup_key: `mcp-console:incident:${opened.incident!.id}` });
    expect(e.payload).toMatchObject({ summary: expect.stringContaining("Payments"), source: server.name, severity: "critical", timestamp: opened.createdAt });
  });

  it("resolves the recovery with the same dedup_key, so PagerDuty closes the alert it opened", () => {
    const e = pagerDutyEvent(resolved, KEY);
    expect(e).toEqual({ routing_key: KEY, event_action: "resolve", dedup_key: pagerDutyDedupKey(opened) });
  });

  it("while flapping, triggers one key of the server's as a warning and resolves it once stable and up", () => {
    const start = pagerDutyEvent(flapping, KEY);
    expect(start).toMatchObject({ event_action: "trigger", dedup_key: `mcp-console:server:${server.id}:flapping`, payload: { severity: "warning" } });
    expect(pagerDutyEvent(stable("up"), KEY)).toEqual({ routing_key: KEY, event_action: "resolve", dedup_key: start.dedup_key });
    expect(pagerDutyEvent(stable("down"), KEY)).toMatchObject({ event_action: "trigger", dedup_key: start.dedup_key });
  });

  it("keeps a test event apart from real alerts (its own dedup_key, severity info)", () => {
    expect(pagerDutyEvent(test, KEY)).toMatchObject({ event_action: "trigger", dedup_key: `mcp-console:test:${test.id}`, payload: { severity: "info", source: "MCP Console" } });
  });
});

describe("ntfy JSON publishing ({topic, title, message, priority 1-5, tags, click})", () => {
  it("publishes to the topic with the chosen priority on an outage, an emoji tag and a click URL", () => {
    expect(ntfyMessage(opened, "mcp-alerts", "urgent")).toMatchObject({ topic: "mcp-alerts", title: expect.stringContaining("Payments"), priority: 5, tags: ["red_circle", "mcp-console"], click: opened.url });
  });

  it("never rings a recovery louder than the default priority (3)", () => {
    expect(ntfyMessage(resolved, "mcp-alerts", "urgent").priority).toBe(3);
    expect(ntfyMessage(resolved, "mcp-alerts", "low").priority).toBe(2);
  });
});

describe("Telegram sendMessage ({chat_id, text, parse_mode})", () => {
  it("sends HTML text with the name escaped and link previews off", () => {
    const m = telegramMessage(opened, "-100123");
    expect(m).toMatchObject({ chat_id: "-100123", parse_mode: "HTML", link_preview_options: { is_disabled: true } });
    expect(m.text).toContain("Payments &lt;prod&gt; &amp; *co*");
    expect(m.text).toContain(`<a href="${opened.url}">`);
  });

  it("calls the method at <api>/bot<token>/sendMessage", () => {
    expect(telegramSendUrl("https://api.telegram.org/", "123:abc")).toBe("https://api.telegram.org/bot123:abc/sendMessage");
  });
});
