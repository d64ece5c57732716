import type { GatewayCallStats } from "@/lib/gateways/schema";

/**
 * A range's buckets for the charts, every one of them: the API answers only
 * the buckets that saw calls, and a chart whose empty hours vanish would
 * draw a quiet night as no time at all.
 */

export interface StatsPoint {
  start: string;
  end: string;
  ok: number;
  errors: number;
  blocked: number;
  p50: number | null;
  p95: number | null;
}

const RANGE_MS: Record<GatewayCallStats["range"], number> = { "24h": 86_400_000, "7d": 7 * 86_400_000 };

/** The buckets from the one that holds `now - range` to the one that holds `now`, aligned as the API aligns them (on the epoch). */
export function filledSeries(stats: GatewayCallStats, now: number): StatsPoint[] {
  const size = stats.bucketSec * 1000;
  const byStart = new Map(stats.points.map((p) => [new Date(p.at).getTime(), p]));
  const first = Math.floor((now - RANGE_MS[stats.range]) / size) * size;
  const last = Math.floor(now / size) * size;
  const points: StatsPoint[] = [];
  for (let at = first; at <= last; at += size) {
    const p = byStart.get(at);
    points.push({
      start: new Date(at).toISOString(),
      end: new Date(at + size).toISOString(),
      // A bucket's calls include its errors; blocked calls never reached a server and are counted apart.
      ok: p ? p.calls - p.errors : 0,
      errors: p?.errors ?? 0,
      blocked: p?.blocked ?? 0,
      p50: p?.p50Ms ?? null,
      p95: p?.p95Ms ?? null,
    });
  }
  return points;
}

/** "3 errors in 120 calls (2.5%)": the error rate as a sentence, for the figures and screen readers. */
export function errorRate(totals: GatewayCallStats["totals"]): string {
  if (totals.calls === 0) return "no calls";
  const pct = (totals.errors / totals.calls) * 100;
  return `${pct === 0 ? "0" : pct < 0.1 ? "<0.1" : pct.toFixed(pct < 10 ? 1 : 0)}% of calls`;
}
