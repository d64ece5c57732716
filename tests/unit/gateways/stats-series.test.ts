import { errorRate, filledSeries } from "@/components/gateways/stats-series";
import type { GatewayCallStats } from "@/lib/gateways/schema";

const HOUR = 3_600_000;
// A fixed instant for the arithmetic, not a time the test asserts.
const now = Date.UTC(2026, 10, 26, 14, 30);

const stats = (points: GatewayCallStats["points"], range: GatewayCallStats["range"] = "24h"): GatewayCallStats => ({
  range,
  bucketSec: range === "24h" ? 3_600 : 21_600,
  points,
  totals: { calls: 0, errors: 0, blocked: 0 },
});

describe("a gateway's chart series", () => {
  it("has a bucket for every hour of the day, empty ones at zero", () => {
    const at = new Date(Math.floor(now / HOUR) * HOUR - 2 * HOUR).toISOString();
    const series = filledSeries(stats([{ at, calls: 5, errors: 2, blocked: 1, p50Ms: 40, p95Ms: 90 }]), now);
    expect(series).toHaveLength(25);
    const filled = series.find((p) => p.start === at)!;
    expect(filled).toMatchObject({ ok: 3, errors: 2, blocked: 1, p50: 40, p95: 90 });
    expect(series.filter((p) => p !== filled).every((p) => p.ok + p.errors + p.blocked === 0 && p.p50 === null)).toBe(true);
    expect(new Date(series.at(-1)!.end).getTime()).toBeGreaterThan(now);
  });

  it("has six-hour buckets over a week", () => {
    expect(filledSeries(stats([], "7d"), now)).toHaveLength(29);
  });

  it("says the error rate, and none without calls", () => {
    expect(errorRate({ calls: 40, errors: 1, blocked: 0 })).toBe("2.5% of calls");
    expect(errorRate({ calls: 12, errors: 0, blocked: 0 })).toBe("0% of calls");
    expect(errorRate({ calls: 0, errors: 0, blocked: 3 })).toBe("no calls");
  });
});
