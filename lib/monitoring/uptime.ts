import { mergeInto, percentiles } from "./histogram";
import type { UptimeBucket, UptimeDto, UptimeWindow } from "./schema";
import { windowBounds } from "./windows";

/** What an uptime figure needs of one hourly rollup. */
export interface RollupSlice {
  hour: Date;
  checks: number;
  failed: number;
  degraded: number;
  latencyMaxMs: number;
  latencyHist: number[];
}

const pct = (checks: number, failed: number) => (checks === 0 ? null : Math.round(((checks - failed) / checks) * 10_000) / 100);

interface Tally {
  checks: number;
  failed: number;
  degraded: number;
  maxMs: number;
  hist: number[];
}

const emptyTally = (): Tally => ({ checks: 0, failed: 0, degraded: 0, maxMs: 0, hist: [] });

function add(into: Tally, row: RollupSlice) {
  into.checks += row.checks;
  into.failed += row.failed;
  into.degraded += row.degraded;
  into.maxMs = Math.max(into.maxMs, row.latencyMaxMs);
  mergeInto(into.hist, row.latencyHist);
}

/**
 * A window's uptime from hourly rollups: the whole window's figures and its
 * series of buckets. A failed check counts against uptime; a degraded one
 * answered, so it does not. Percentiles come from the merged histograms.
 */
export function summarizeUptime(window: UptimeWindow, now: Date, rows: RollupSlice[], incidents: number): UptimeDto {
  const { from, to, bucketMs, buckets } = windowBounds(window, now);
  const tallies = Array.from({ length: buckets }, emptyTally);
  const total = emptyTally();
  for (const row of rows) {
    const i = Math.floor((row.hour.getTime() - from.getTime()) / bucketMs);
    if (i < 0 || i >= buckets) continue;
    add(tallies[i], row);
    add(total, row);
  }
  const series: UptimeBucket[] = tallies.map((t, i) => ({
    start: new Date(from.getTime() + i * bucketMs).toISOString(),
    end: new Date(from.getTime() + (i + 1) * bucketMs).toISOString(),
    checks: t.checks,
    failed: t.failed,
    degraded: t.degraded,
    uptimePct: pct(t.checks, t.failed),
    latency: percentiles(t.hist, t.maxMs),
  }));
  return {
    window,
    from: from.toISOString(),
    to: to.toISOString(),
    checks: total.checks,
    failed: total.failed,
    uptimePct: pct(total.checks, total.failed),
    latency: percentiles(total.hist, total.maxMs),
    incidents,
    series,
  };
}
