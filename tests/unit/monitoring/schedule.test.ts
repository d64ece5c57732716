/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { dueAfterCheck, effectiveIntervalSec, nextDueAfter, phaseMs } from "@/lib/servers/check-schedule";

const at = (iso: string) => new Date(iso);

describe("when scheduled checks fall due", () => {
  it("gives each server the same phase every time, within its interval", () => {
    const id = randomUUID();
    expect(phaseMs(id, 60)).toBe(phaseMs(id, 60));
    for (let i = 0; i < 200; i++) {
      const p = phaseMs(randomUUID(), 900);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(900_000);
    }
  });

  it("spreads servers added at the same moment over the whole interval", () => {
    const now = at("2026-03-01T12:00:00.000Z");
    const dues = Array.from({ length: 1_000 }, () => nextDueAfter(randomUUID(), 60, now).getTime() - now.getTime());
    // Ten buckets of six seconds each: none empty, none holding more than twice its share.
    const buckets = new Array(10).fill(0);
    for (const d of dues) {
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThanOrEqual(60_000);
      buckets[Math.min(9, Math.floor(d / 6_000))] += 1;
    }
    for (const n of buckets) {
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(200);
    }
  });

  it("falls due once per interval, at the server's phase", () => {
    const id = randomUUID();
    const first = nextDueAfter(id, 300, at("2026-03-01T12:00:00.000Z"));
    const second = nextDueAfter(id, 300, first);
    expect(second.getTime() - first.getTime()).toBe(300_000);
    expect((first.getTime() - phaseMs(id, 300)) % 300_000).toBe(0);
    // Asked again within the same interval, the answer does not move.
    expect(nextDueAfter(id, 300, new Date(first.getTime() - 1))).toEqual(first);
  });

  it("after a check on time, is due one interval later; after falling far behind, only the latest slot is due", () => {
    const id = randomUUID();
    const due = nextDueAfter(id, 60, at("2026-03-01T12:00:00.000Z"));
    expect(dueAfterCheck(id, 60, due, new Date(due.getTime() + 2_000)).getTime()).toBe(due.getTime() + 60_000);
    const now = new Date(due.getTime() + 10 * 60_000 + 5_000);
    const next = dueAfterCheck(id, 60, due, now);
    expect(next.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - next.getTime()).toBeLessThan(60_000);
  });

  it("never checks more often than the owner's plan allows now, a lapsed plan counting as free", () => {
    const past = at("2020-01-01T00:00:00Z");
    expect(effectiveIntervalSec(60, { subscriptionPlan: "pro", subscriptionExpiresAt: null })).toBe(60);
    expect(effectiveIntervalSec(60, { subscriptionPlan: "pro", subscriptionExpiresAt: past })).toBe(300);
    expect(effectiveIntervalSec(30, { subscriptionPlan: "free tier", subscriptionExpiresAt: null })).toBe(300);
    expect(effectiveIntervalSec(3_600, { subscriptionPlan: "free tier", subscriptionExpiresAt: null })).toBe(3_600);
  });
});
