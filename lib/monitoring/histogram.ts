import type { LatencyPercentiles } from "./schema";

/**
 * Latencies are counted in fixed buckets, so that an hour's rollup stays a
 * short integer array and any number of hours merge by adding arrays. The
 * bounds grow roughly logarithmically from 5 ms to 60 s (about ±20 % of
 * precision at any scale); bucket i counts latencies in
 * (LATENCY_BOUNDS_MS[i-1], LATENCY_BOUNDS_MS[i]], and one last bucket counts
 * anything slower than the last bound.
 */
export const LATENCY_BOUNDS_MS = [
  5, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_500,
  10_000, 15_000, 20_000, 30_000, 45_000, 60_000,
] as const;

/** Buckets per histogram: one per bound, plus the overflow. */
export const HISTOGRAM_SIZE = LATENCY_BOUNDS_MS.length + 1;

export function bucketOf(latencyMs: number): number {
  const i = LATENCY_BOUNDS_MS.findIndex((bound) => latencyMs <= bound);
  return i === -1 ? LATENCY_BOUNDS_MS.length : i;
}

/** A histogram counting one latency. */
export function histogramOf(latencyMs: number): number[] {
  const hist = new Array<number>(HISTOGRAM_SIZE).fill(0);
  hist[bucketOf(latencyMs)] = 1;
  return hist;
}

/** Adds `more` into `into` (arrays of any length: a stored one may predate a change of bounds). */
export function mergeInto(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < more.length; i++) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}

/**
 * The latency at quantile `q` (0 < q ≤ 1): the bucket holding the q-th
 * latency, interpolated linearly inside it, and never above `maxMs`, the
 * slowest latency actually seen. Null for an empty histogram.
 */
export function quantile(hist: readonly number[], q: number, maxMs: number): number | null {
  const total = hist.reduce((n, c) => n + (c ?? 0), 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let before = 0;
  for (let i = 0; i < hist.length; i++) {
    const count = hist[i] ?? 0;
    if (count > 0 && before + count >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      const upper = i < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[i] : maxMs;
      const estimate = lower + ((upper - lower) * (rank - before)) / count;
      return Math.round(Math.min(estimate, maxMs));
    }
    before += count;
  }
  return maxMs;
}

export function percentiles(hist: readonly number[], maxMs: number): LatencyPercentiles | null {
  const p50 = quantile(hist, 0.5, maxMs);
  if (p50 === null) return null;
  return { p50, p95: quantile(hist, 0.95, maxMs)!, p99: quantile(hist, 0.99, maxMs)! };
}
