"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatMs } from "@/components/app/format-time";
import type { UptimeWindow } from "@/lib/monitoring/schema";
import { chartAxis, chartMargin, SeriesLegend, SeriesTooltip } from "./chart-parts";
import { formatTick } from "./format-uptime";

/** One period's latency; null where nothing was measured, so that the line breaks there. */
export interface LatencyPoint {
  start: string;
  end: string;
  p50: number | null;
  p95: number | null;
}

const SERIES = [
  { key: "p50", label: "p50 (median)", colour: "var(--chart-1)" },
  { key: "p95", label: "p95", colour: "var(--chart-2)", dash: "5 3" },
];

const latencyTooltip = (props: { active?: boolean; payload?: readonly { payload?: unknown }[] }) => (
  <SeriesTooltip {...props} series={SERIES} shape="line" format={formatMs} />
);

/**
 * The p50 and p95 lines over a window's periods: a server's checks, a
 * gateway's calls. `dot` marks each point (a lone measurement has no line to
 * be seen on); `padding` keeps the first and last points off the edges.
 */
export function LatencyLines({
  data,
  window,
  height,
  dot,
  padding,
  testId,
}: {
  data: LatencyPoint[];
  window: UptimeWindow;
  height: number;
  dot: { r: number } | false;
  padding?: number;
  testId: string;
}) {
  return (
    <div aria-hidden="true" data-testid={testId}>
      <LineChart responsive data={data} style={{ width: "100%", height }} margin={chartMargin} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="start"
          tickFormatter={(v: string) => formatTick(v, window)}
          minTickGap={24}
          padding={padding ? { left: padding, right: padding } : undefined}
          {...chartAxis}
        />
        <YAxis width={56} tickFormatter={(v: number) => formatMs(v)} axisLine={false} {...chartAxis} />
        <Tooltip content={latencyTooltip} cursor={{ stroke: "var(--input)" }} />
        {SERIES.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type="monotone"
            stroke={s.colour}
            strokeWidth={2}
            strokeDasharray={s.dash}
            dot={dot}
            activeDot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </div>
  );
}

export function LatencyLegend() {
  return <SeriesLegend series={SERIES} shape="line" />;
}
