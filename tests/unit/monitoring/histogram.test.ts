import { bucketOf, HISTOGRAM_SIZE, histogramOf, LATENCY_BOUNDS_MS, mergeInto, percentiles, quantile } from "@/lib/monitoring/histogram";

/** Latency histograms: what the uptime API's percentiles are computed from. */

function histogramOfAll(latencies: number[]): number[] {
  return latencies.reduce((hist, ms) => mergeInto(hist, histogramOf(ms)), [] as number[]);
}

describe("latency buckets", () => {
  it("go from 5 ms to 60 s, increasing, with one bucket past the last bound", () => {
    expect(LATENCY_BOUNDS_MS[0]).toBe(5);
    expect(LATENCY_BOUNDS_MS.at(-1)).toBe(60_000);
    expect([...LATENCY_BOUNDS_MS]).toEqual([...LATENCY_BOUNDS_MS].sort((a, b) => a - b));
    expect(HISTOGRAM_SIZE).toBe(LATENCY_BOUNDS_MS.length + 1);
  });

  it("put a latency on its bucket's upper bound into that bucket, and anything slower than 60 s into the last", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(5)).toBe(0);
    expect(bucketOf(6)).toBe(1);
    expect(bucketOf(2_000)).toBe(LATENCY_BOUNDS_MS.indexOf(2_000));
    expect(bucketOf(2_001)).toBe(LATENCY_BOUNDS_MS.indexOf(2_000) + 1);
    expect(bucketOf(61_000)).toBe(HISTOGRAM_SIZE - 1);
  });

  it("merge by adding counts, whatever the lengths (an empty stored array included)", () => {
    expect(mergeInto([], [0, 2, 1])).toEqual([0, 2, 1]);
    expect(mergeInto([1, 1], [0, 2, 1])).toEqual([1, 3, 1]);
    expect(mergeInto([1, 1, 4], [2])).toEqual([3, 1, 4]);
    expect(histogramOf(42).reduce((n, c) => n + c, 0)).toBe(1);
  });
});

describe("percentiles from a histogram", () => {
  it("are null with no latency", () => {
    expect(quantile([], 0.5, 0)).toBeNull();
    expect(percentiles(new Array(HISTOGRAM_SIZE).fill(0), 0)).toBeNull();
  });

  it("land in the bucket of the true percentile, within its bounds", () => {
    // 100 latencies 1..100 ms: true p50 = 50, p95 = 95, p99 = 99.
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1);
    const hist = histogramOfAll(latencies);
    const p = percentiles(hist, 100)!;
    for (const [estimate, truth] of [[p.p50, 50], [p.p95, 95], [p.p99, 99]] as const) {
      const i = bucketOf(truth);
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      expect(estimate).toBeGreaterThan(lower);
      expect(estimate).toBeLessThanOrEqual(LATENCY_BOUNDS_MS[i]);
    }
    expect(p.p50).toBeLessThanOrEqual(p.p95);
    expect(p.p95).toBeLessThanOrEqual(p.p99);
  });

  it("never exceed the slowest latency seen", () => {
    const hist = histogramOfAll([120, 120, 120, 121]);
    expect(percentiles(hist, 121)).toEqual({ p50: 121, p95: 121, p99: 121 });
    expect(quantile(histogramOf(90_000), 0.5, 90_000)).toBe(90_000);
  });

  it("see a slow tail: 1 % of 5 s latencies among 20 ms ones shows at p99 only", () => {
    const hist = histogramOfAll([...Array(98).fill(20), 5_000, 5_000]);
    const p = percentiles(hist, 5_000)!;
    expect(p.p50).toBeLessThanOrEqual(20);
    expect(p.p95).toBeLessThanOrEqual(20);
    expect(p.p99).toBeGreaterThan(4_000);
  });

  it("give the same answer for hours merged as for one histogram of all their latencies", () => {
    const hourA = [10, 12, 250, 30];
    const hourB = [900, 14, 16];
    const merged = mergeInto(histogramOfAll(hourA), histogramOfAll(hourB));
    expect(percentiles(merged, 900)).toEqual(percentiles(histogramOfAll([...hourA, ...hourB]), 900));
  });
});
