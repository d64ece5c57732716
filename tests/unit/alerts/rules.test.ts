/** @jest-environment node */
import { maxAttempts, nextAttemptAt } from "@/lib/alerts/backoff";
import { shortDestination } from "@/lib/alerts/destination";
import { FLAP_WINDOW_MS, onChange, onReview, reviewAt, type FlapState } from "@/lib/alerts/flapping";

const t0 = new Date("2025-06-01T10:00:00.000Z");
const min = (n: number) => new Date(t0.getTime() + n * 60_000);
const calm: FlapState = { flappingSince: null, lastChangeAt: null, lastSummaryAt: null, changesSinceSummary: 0 };

describe("backoff", () => {
  it("retries after 30 s, 2 min, 10 min and 1 h, then gives up", () => {
    const delays = [1, 2, 3, 4].map((n) => (nextAttemptAt("incident.opened", n, t0)!.getTime() - t0.getTime()) / 1000);
    expect(delays).toEqual([30, 120, 600, 3600]);
    expect(nextAttemptAt("incident.opened", 5, t0)).toBeNull();
    expect(maxAttempts("incident.resolved")).toBe(5);
  });

  it("tries a test event once", () => {
    expect(maxAttempts("test")).toBe(1);
    expect(nextAttemptAt("test", 1, t0)).toBeNull();
  });
});

describe("flapping", () => {
  it("alerts each change one by one while a server opens at most three incidents in 30 minutes", () => {
    let state = calm;
    for (const [i, openings] of [1, 2, 3].entries()) {
      const opened = onChange(state, { kind: "opened", at: min(i * 5), openingsInWindow: openings }, min(i * 5));
      expect(opened.send).toBe("alert");
      const closed = onChange(opened.state, { kind: "resolved", at: min(i * 5 + 1), openingsInWindow: 0 }, min(i * 5 + 1));
      expect(closed.send).toBe("alert");
      state = closed.state;
    }
    expect(state.flappingSince).toBeNull();
    expect(reviewAt(state)).toBeNull();
  });

  it("sends one flapping alert for the fourth opening, then nothing per change", () => {
    const fourth = onChange(calm, { kind: "opened", at: min(20), openingsInWindow: 4 }, min(20));
    expect(fourth.send).toBe("flapping");
    expect(fourth.state.flappingSince).toEqual(min(20));
    let state = fourth.state;
    for (const [kind, at] of [["resolved", 21], ["opened", 22], ["resolved", 23]] as const) {
      const r = onChange(state, { kind, at: min(at), openingsInWindow: 9 }, min(at));
      expect(r.send).toBe("none");
      state = r.state;
    }
    expect(state.changesSinceSummary).toBe(3);
    // A summary is due 30 minutes after the flapping alert, since there were changes.
    expect(reviewAt(state)).toEqual(min(50));
  });

  it("summarises at most once per 30 minutes, only when something changed, and ends with 'stable' after 30 quiet minutes", () => {
    let state: FlapState = { flappingSince: min(0), lastChangeAt: min(25), lastSummaryAt: min(0), changesSinceSummary: 5 };
    expect(onReview(state, min(29)).send).toBe("none");
    const summary = onReview(state, min(30));
    expect(summary.send).toBe("summary");
    state = summary.state;
    expect(state).toMatchObject({ lastSummaryAt: min(30), changesSinceSummary: 0 });
    // No change since the summary: the next thing owed is "stable", 30 minutes after the last change.
    expect(reviewAt(state)).toEqual(min(55));
    expect(onReview(state, min(54)).send).toBe("none");
    const stable = onReview(state, min(55));
    expect(stable.send).toBe("stable");
    expect(stable.state.flappingSince).toBeNull();
    expect(reviewAt(stable.state)).toBeNull();
  });

  it("goes back to one alert per change after it is stable", () => {
    const after: FlapState = { flappingSince: null, lastChangeAt: min(0), lastSummaryAt: min(10), changesSinceSummary: 0 };
    expect(onChange(after, { kind: "opened", at: min(45), openingsInWindow: 1 }, min(45)).send).toBe("alert");
  });

  it("does not alert a change handled more than a day late, nor start flapping over one", () => {
    const late = new Date(t0.getTime() + 25 * 3600_000);
    expect(onChange(calm, { kind: "opened", at: t0, openingsInWindow: 1 }, late).send).toBe("none");
    expect(onChange(calm, { kind: "opened", at: t0, openingsInWindow: 6 }, late).state.flappingSince).toBeNull();
  });

  it("uses a 30-minute window", () => {
    expect(FLAP_WINDOW_MS).toBe(30 * 60_000);
  });
});

describe("destinations in the deliveries list", () => {
  it("keeps the host and first path segment, never a chat webhook's token or a query", () => {
    expect(shortDestination("https://hooks.slack.com/services/T000/B000/secret-token")).toBe("https://hooks.slack.com/services/…");
    expect(shortDestination("https://discord.com/api/webhooks/123/secret")).toBe("https://discord.com/api/…");
    expect(shortDestination("http://127.0.0.1:4567/hook")).toBe("http://127.0.0.1:4567/hook");
    expect(shortDestination("https://user:pass@example.com/a?key=secret")).toBe("https://example.com/a?…");
    expect(shortDestination("https://example.com")).toBe("https://example.com");
    expect(shortDestination("https://example.com/" + "x".repeat(40))).toBe(`https://example.com/${"x".repeat(24)}…`);
  });
});
