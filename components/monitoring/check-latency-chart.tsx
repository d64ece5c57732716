"use client";

import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatExactTime, formatMs } from "@/components/app/format-time";
import type { LatencyRangeDto } from "@/lib/monitoring/schema";
import { chartAxis, chartMargin } from "./chart-parts";
import { CHECK_RESULT_META } from "./check-result";

interface Point {
  t: number;
  at: string;
  latencyMs: number | null;
  result: LatencyRangeDto["checks"][number]["result"];
}

const clock = (t: number) => new Date(t).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

function CheckTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{formatExactTime(point.at)}</p>
      <p className="mt-1">
        {CHECK_RESULT_META[point.result].label} · {formatMs(point.latencyMs)}
      </p>
    </div>
  );
}

/**
 * A short range (an hour, six) check by check: each check's latency as a
 * point on a time axis, each failed one (which has no latency) as a red
 * line, each incident shaded. The sentence below says the same for screen
 * readers.
 */
export function CheckLatencyChart({ data, height = 220 }: { data: LatencyRangeDto; height?: number }) {
  const from = Date.parse(data.from);
  const to = Date.parse(data.to);
  const points: Point[] = data.checks.map((c) => ({ t: Date.parse(c.at), at: c.at, latencyMs: c.latencyMs, result: c.result }));
  const measured = points.filter((p) => p.latencyMs !== null).map((p) => p.latencyMs as number);
  const failed = points.filter((p) => p.result === "failed");
  const sorted = [...measured].sort((a, b) => a - b);
  const summary =
    points.length === 0
      ? "No checks in this range."
      : `${points.length} ${points.length === 1 ? "check" : "checks"}${failed.length ? `, ${failed.length} failed` : ""}${
          sorted.length ? `; latency from ${formatMs(sorted[0])} to ${formatMs(sorted.at(-1)!)}, median ${formatMs(sorted[Math.floor(sorted.length / 2)])}` : ""
        }${data.incidents.length ? `; ${data.incidents.length} ${data.incidents.length === 1 ? "incident" : "incidents"} marked` : ""}.`;
  return (
    <figure className="flex flex-col gap-3">
      {points.length > 0 ? (
        <div aria-hidden="true" data-testid="check-latency-chart">
          <LineChart responsive data={points} style={{ width: "100%", height }} margin={chartMargin} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="t" type="number" scale="time" domain={[from, to]} tickFormatter={clock} minTickGap={24} {...chartAxis} />
            <YAxis width={56} tickFormatter={(v: number) => formatMs(v)} axisLine={false} {...chartAxis} />
            {data.incidents.map((i) => (
              <ReferenceArea
                key={i.openedAt}
                x1={Math.max(from, Date.parse(i.openedAt))}
                x2={i.closedAt ? Date.parse(i.closedAt) : to}
                fill="var(--destructive)"
                fillOpacity={0.12}
                ifOverflow="hidden"
              />
            ))}
            {failed.map((p) => (
              <ReferenceLine key={p.at} x={p.t} stroke="var(--destructive)" strokeDasharray="2 2" />
            ))}
            <Tooltip content={CheckTooltip} cursor={{ stroke: "var(--input)" }} />
            <Line dataKey="latencyMs" name="Latency" type="monotone" stroke="var(--chart-1)" strokeWidth={2} dot={{ r: 2 }} activeDot={{ r: 4 }} connectNulls isAnimationActive={false} />
          </LineChart>
        </div>
      ) : null}
      <figcaption className="text-sm text-muted-foreground" data-testid="check-latency-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
