"use client";

import { CartesianGrid, Line, LineChart, ReferenceArea, Tooltip, XAxis, YAxis } from "recharts";
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

/**
 * Where p50 and p95 coincide (a single check per period, steady latency) the
 * lines lie on each other, so they differ in more than colour: p50 is a wide
 * solid line with large hollow markers, drawn first; p95 a narrow dashed one
 * with small filled markers, drawn over it. Both stay visible, one inside the other.
 */
const SERIES = [
  { key: "p50", label: "p50 (median)", colour: "var(--chart-1)", width: 4, dotGrowth: 2, dotFill: "var(--card)" },
  { key: "p95", label: "p95", colour: "var(--chart-2)", dash: "5 3", width: 2, dotGrowth: 0, dotFill: "var(--chart-2)" },
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
  marked = [],
}: {
  data: LatencyPoint[];
  window: UptimeWindow;
  height: number;
  dot: { r: number } | false;
  padding?: number;
  testId: string;
  /** Spans to shade (a server's incidents), from one period's start to another's. */
  marked?: { from: string; to: string }[];
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
        {marked.map((m) => (
          <ReferenceArea key={m.from} x1={m.from} x2={m.to} fill="var(--destructive)" fillOpacity={0.12} ifOverflow="hidden" data-testid="incident-mark" />
        ))}
        <Tooltip content={latencyTooltip} cursor={{ stroke: "var(--input)" }} />
        {SERIES.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type="monotone"
            stroke={s.colour}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
            dot={dot && { r: dot.r + s.dotGrowth, strokeWidth: 2, fill: s.dotFill }}
            activeDot={{ r: 3 + s.dotGrowth }}
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
