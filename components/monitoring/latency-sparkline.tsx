"use client";

import { Line, LineChart, YAxis } from "recharts";
import type { Heartbeat } from "@/lib/servers/schema";

/**
 * The latest checks' latency as a line the size of a word, one point per
 * check (a failed check has none, so the line breaks there). Decorative: the
 * latency in numbers is beside it, and each check is read out by the
 * heartbeat bar.
 */
export function LatencySparkline({ beats, width = 96, height = 24 }: { beats: readonly Heartbeat[]; width?: number; height?: number }) {
  if (beats.filter((b) => b.latencyMs !== null).length < 2) return null;
  return (
    <div aria-hidden="true" data-testid="latency-sparkline" className="shrink-0">
      <LineChart data={beats as Heartbeat[]} width={width} height={height} margin={{ top: 2, right: 1, bottom: 2, left: 1 }} accessibilityLayer={false}>
        <YAxis hide domain={[0, "dataMax"]} />
        <Line dataKey="latencyMs" type="monotone" stroke="var(--chart-1)" strokeWidth={1.5} dot={false} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
