/** @jest-environment node */
import { capabilityBadges } from "@/components/servers/capabilities";
import { formatEvery, formatInterval, formatMs, formatRelativeTime } from "@/components/app/format-time";
import { plural } from "@/lib/plural";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const ago = (sec: number) => new Date(NOW - sec * 1000).toISOString();

describe("formatRelativeTime", () => {
  it.each([
    [10, "just now"],
    [5 * 60, "5 minutes ago"],
    [2 * 3600, "2 hours ago"],
    [26 * 3600, "yesterday"],
    [3 * 24 * 3600, "3 days ago"],
    [60 * 24 * 3600, "2 months ago"],
  ])("%i seconds ago reads %s", (sec, text) => {
    expect(formatRelativeTime(ago(sec), NOW)).toBe(text);
  });

  it("reads a future time forwards and a broken one as unknown", () => {
    expect(formatRelativeTime(ago(-10 * 60), NOW)).toBe("in 10 minutes");
    expect(formatRelativeTime("not a date", NOW)).toBe("unknown time");
  });
});

describe("formatMs, formatInterval, plural", () => {
  it.each([
    [null, "—"],
    [0, "0 ms"],
    [0.4, "<1 ms"],
    [42.4, "42 ms"],
    [1530, "1.53 s"],
    [12_345, "12.3 s"],
    [125_000, "2 min 5 s"],
  ])("formatMs(%p) reads %s: milliseconds below a second, seconds above, minutes past one", (ms, text) => {
    expect(formatMs(ms)).toBe(text);
  });

  it("name intervals in the largest whole unit", () => {
    expect(formatInterval(30)).toBe("30 seconds");
    expect(formatInterval(60)).toBe("1 minute");
    expect(formatInterval(900)).toBe("15 minutes");
    expect(formatInterval(3600)).toBe("1 hour");
    expect(formatInterval(86_400)).toBe("24 hours");
    expect(formatEvery(60)).toBe("every minute");
    expect(formatEvery(3600)).toBe("every hour");
    expect(formatEvery(900)).toBe("every 15 minutes");
  });

  it("pluralise counts", () => {
    expect(plural(1, "tool")).toBe("1 tool");
    expect(plural(13, "tool")).toBe("13 tools");
    expect(plural(1200, "server")).toBe("1,200 servers");
  });
});

describe("capabilityBadges", () => {
  it("lists each declared capability with its enabled sub-features", () => {
    expect(
      capabilityBadges({
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: {},
        logging: {},
        completions: {},
        experimental: false,
      }),
    ).toEqual([
      { name: "tools", detail: "list changes" },
      { name: "resources", detail: "subscriptions, list changes" },
      { name: "prompts", detail: null },
      { name: "logging", detail: null },
      { name: "completions", detail: null },
    ]);
    expect(capabilityBadges(null)).toEqual([]);
  });
});
