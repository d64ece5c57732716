/** @jest-environment node */
import { storedConfig } from "@/lib/alerts/channels/config";
import { channelCreate, channelSettings } from "@/lib/alerts/channels/schema";

describe("a channel's stored form", () => {
  it("keeps secrets apart from what may be shown, and shows a masked destination", () => {
    const c = storedConfig(channelSettings.parse({ kind: "pagerduty", routingKey: "R0123456789abcdef0123456789abcde" }));
    expect(c.settings).toEqual({ kind: "pagerduty", eventsUrl: "https://events.pagerduty.com/v2/enqueue" });
    expect(c.secret).toEqual({ routingKey: "R0123456789abcdef0123456789abcde" });
    expect(c.destination).toBe("PagerDuty routing key ••••••••bcde");
    expect(storedConfig({ kind: "slack", url: "https://hooks.slack.com/services/T0/B0/secret" }).destination).toBe("https://hooks.slack.com/services/…");
  });

  it("on an edit keeps each secret left out, and refuses a new channel without its secret", () => {
    const before = storedConfig(channelSettings.parse({ kind: "ntfy", topic: "mcp-alerts-7f3k2", token: "tk_abc" }));
    const edited = storedConfig(channelSettings.parse({ kind: "ntfy", priority: "low" }), before.secret);
    expect(edited.secret).toEqual({ topic: "mcp-alerts-7f3k2", token: "tk_abc" });
    expect(edited.settings).toMatchObject({ priority: "low", tokenSet: true });
    expect(() => storedConfig(channelSettings.parse({ kind: "teams" }))).toThrow("Enter the Teams workflow or webhook URL.");
  });

  it("gives a signed webhook its own signing secret once, and keeps it on edits", () => {
    const first = storedConfig({ kind: "webhook", url: "https://example.com/hook" });
    expect(first.secret.signingSecret).toMatch(/^whsec_/);
    expect(storedConfig({ kind: "webhook", url: "https://example.com/other" }, first.secret).secret.signingSecret).toBe(first.secret.signingSecret);
  });

  it("refuses settings that are not the service's, with a message that says what to enter", () => {
    const issue = (settings: unknown) => channelCreate.safeParse({ name: "x", settings }).error?.issues[0]?.message;
    expect(issue({ kind: "slack", url: "https://example.com/services/x" })).toBe("Enter a Slack incoming-webhook URL (https://hooks.slack.com/services/…).");
    expect(issue({ kind: "pagerduty", routingKey: "short" })).toBe("Enter the integration's 32-character routing key (Events API v2).");
    expect(issue({ kind: "telegram", botToken: "123456789:AAbbccddeeffgghhiijjkkllmmnnoopp_q", chatId: "chat" })).toBe("Enter a chat id (a number, negative for groups) or @channelname.");
    expect(issue({ kind: "ntfy", topic: "has space" })).toBe("Enter a topic: letters, digits, - and _, up to 64.");
  });
});
