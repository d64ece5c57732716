/** @jest-environment node */
import { chatBody, discordMessage, emailMessage, slackMessage } from "@/lib/alerts/formats";
import type { AlertPayload } from "@/lib/alerts/schema";
import { chatServiceOf } from "@/lib/webhooks/chat";

const base = {
  id: "5b0c8f2e-0d6b-4a43-9d0e-6f1f2b3c4d5e",
  createdAt: "2025-06-01T10:05:00.000Z",
  server: { id: "0f6c1c5e-1111-4111-8111-111111111111", name: "Payments <prod> & *co*" },
  url: "https://console.example.com/servers/0f6c1c5e-1111-4111-8111-111111111111",
};
const opened: AlertPayload = {
  ...base,
  event: "incident.opened",
  incident: { id: "i1", openedAt: "2025-06-01T10:00:00.000Z", closedAt: null, durationSec: null, reason: "Could not connect to pay.example.com: the connection was refused." },
};
const resolved: AlertPayload = {
  ...opened,
  event: "incident.resolved",
  incident: { ...opened.incident!, closedAt: "2025-06-01T11:20:30.000Z", durationSec: 4830 },
};
const flapping = (summary: boolean, status: "up" | "down" = "down"): AlertPayload => ({
  ...opened,
  event: "incident.flapping",
  flapping: { since: "2025-06-01T10:00:00.000Z", summary, windowMinutes: 30, openings: 4, changes: 7, status },
});

describe("chat webhook URLs", () => {
  it("recognises Slack and Discord incoming webhooks by their URL, and nothing else", () => {
    expect(chatServiceOf("https://hooks.slack.com/services/T000/B000/XXXX")).toBe("slack");
    expect(chatServiceOf("https://discord.com/api/webhooks/123/abc")).toBe("discord");
    expect(chatServiceOf("https://discordapp.com/api/webhooks/123/abc")).toBe("discord");
    expect(chatServiceOf("https://canary.discord.com/api/webhooks/123/abc")).toBe("discord");
    for (const other of [
      "http://hooks.slack.com/services/T000/B000/XXXX",
      "https://hooks.slack.com.evil.example/services/x",
      "https://evil.example/hooks.slack.com/services/x",
      "https://discord.com/channels/1/2",
      "https://notdiscord.com/api/webhooks/1/2",
      "https://example.com/hook",
      "not a url",
    ]) {
      expect(chatServiceOf(other)).toBeNull();
    }
  });
});

describe("email", () => {
  it("says what happened in the subject and body, and links to the server", () => {
    const mail = emailMessage(opened, "ada@example.com", "https://console.example.com/settings#notifications");
    expect(mail.to).toBe("ada@example.com");
    expect(mail.subject).toBe("[MCP Console] Payments <prod> & *co* is down");
    expect(mail.text).toContain("Down since 2025-06-01 10:00 UTC.");
    expect(mail.text).toContain("Reason: Could not connect to pay.example.com: the connection was refused.");
    expect(mail.text).toContain(`Open the server: ${base.url}`);
    expect(mail.text).toContain("https://console.example.com/settings#notifications");
  });

  it("gives the outage's length when it is over", () => {
    const mail = emailMessage(resolved, "ada@example.com", "x");
    expect(mail.subject).toBe("[MCP Console] Payments <prod> & *co* is back up");
    expect(mail.text).toContain("It was down for 1 h 20 min, from 2025-06-01 10:00 UTC to 2025-06-01 11:20 UTC.");
  });

  it("tells a flapping server's first alert from its summaries and from the end of it", () => {
    expect(emailMessage(flapping(false), "a@b.c", "x").subject).toBe("[MCP Console] Payments <prod> & *co* is flapping");
    expect(emailMessage(flapping(false), "a@b.c", "x").text).toContain("It went down 4 times in the last 30 minutes.");
    const summary = emailMessage(flapping(true), "a@b.c", "x");
    expect(summary.subject).toBe("[MCP Console] Payments <prod> & *co* is still flapping");
    expect(summary.text).toContain("7 changes (went down or came back) since the last alert; 4 outages began in the last 30 minutes.");
    const stableUp = emailMessage({ ...flapping(true, "up"), event: "incident.stable" }, "a@b.c", "x");
    expect(stableUp.subject).toBe("[MCP Console] Payments <prod> & *co* is stable again");
    const stableDown = emailMessage({ ...flapping(true, "down"), event: "incident.stable" }, "a@b.c", "x");
    expect(stableDown.subject).toBe("[MCP Console] Payments <prod> & *co* stopped flapping and stays down");
    expect(stableDown.text).toContain("it has been down since 2025-06-01 10:00 UTC");
  });
});

describe("Slack", () => {
  it("sends text and blocks, with Slack's three markup characters escaped and the server linked", () => {
    const m = slackMessage(opened);
    expect(m.text).toBe("🔴 Payments &lt;prod&gt; &amp; *co* is down");
    expect(m.blocks[0]).toEqual({
      type: "section",
      text: {
        type: "mrkdwn",
        text: `*<${base.url}|🔴 Payments &lt;prod&gt; &amp; *co* is down>*\nDown since 2025-06-01 10:00 UTC.\nReason: Could not connect to pay.example.com: the connection was refused.`,
      },
    });
    expect(JSON.stringify(m.blocks[1])).toContain("MCP Console · 2025-06-01 10:05 UTC");
    expect(JSON.parse(chatBody("slack", opened))).toEqual(m);
  });
});

describe("Discord", () => {
  it("sends content and an embed, mentions disabled and markdown escaped", () => {
    const m = discordMessage(resolved);
    expect(m.content).toBe("🟢 Payments <prod\\> & \\*co\\* is back up");
    expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(m.embeds[0]).toMatchObject({
      title: "Payments <prod> & *co* is back up",
      url: base.url,
      color: 0x16a34a,
      timestamp: base.createdAt,
      description: expect.stringContaining("It was down for 1 h 20 min"),
    });
    expect(JSON.parse(chatBody("discord", resolved))).toEqual(m);
  });

  it("keeps within Discord's limits whatever the reason's length", () => {
    const long: AlertPayload = { ...opened, incident: { ...opened.incident!, reason: "x".repeat(10_000) } };
    const m = discordMessage(long);
    expect((m.embeds[0].description as string).length).toBeLessThanOrEqual(4096);
    expect(m.content.length).toBeLessThanOrEqual(2000);
  });
});
