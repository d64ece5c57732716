"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatMs } from "@/components/app/format-time";
import type { UptimeDto } from "@/lib/monitoring/schema";
import { formatPct, formatSpan, formatTick } from "./format-uptime";
import { latencySummary } from "./latency-summary";

interface Point {
  start: string;
  end: string;
  p50: number | null;
  p95: number | null;
}

const SERIES = [
  { key: "p50", label: "p50 (median)", colour: "var(--chart-1)", dash: undefined },
  { key: "p95", label: "p95", colour: "var(--chart-2)", dash: "5 3" },
] as const;

function ChartTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{formatSpan(point.start, point.end)}</p>
      {SERIES.map((s) => (
        <p key={s.key} className="mt-1 flex items-center gap-2">
          <span className="inline-block h-0.5 w-3" style={{ background: s.colour }} aria-hidden="true" />
          {s.label}: {formatMs(point[s.key])}
        </p>
      ))}
    </div>
  );
}

/**
 * Latency (p50 and p95) of each bucket of a window, themed from the CSS
 * variables so it follows light and dark. The same numbers are in a sentence
 * below it and in a table one click away.
 */
export function LatencyChart({ uptime, height = 220, showTable = true }: { uptime: UptimeDto; height?: number; showTable?: boolean }) {
  const data: Point[] = uptime.series.map((b) => ({ start: b.start, end: b.end, p50: b.latency?.p50 ?? null, p95: b.latency?.p95 ?? null }));
  const summary = latencySummary(uptime);
  const measured = data.filter((p) => p.p50 !== null).length;
  const hasData = measured > 0;
  // A line needs two points; a lone measurement is drawn as a dot.
  const dot = measured < 3 ? { r: 3 } : false;
  return (
    <figure className="flex flex-col gap-3">
      {hasData ? (
        <div aria-hidden="true" data-testid="latency-chart">
          <LineChart
            responsive
            data={data}
            style={{ width: "100%", height }}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="start"
              tickFormatter={(v: string) => formatTick(v, uptime.window)}
              stroke="var(--muted-foreground)"
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
              tickLine={false}
              minTickGap={24}
            />
            <YAxis
              width={56}
              tickFormatter={(v: number) => formatMs(v)}
              stroke="var(--muted-foreground)"
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip content={ChartTooltip} cursor={{ stroke: "var(--input)" }} />
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
      ) : null}
      <figcaption className="flex flex-col gap-2 text-sm text-muted-foreground">
        {hasData ? (
          <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
            {SERIES.map((s) => (
              <span key={s.key} className="flex items-center gap-1.5">
                <svg width="16" height="4" className="shrink-0">
                  <line x1="0" y1="2" x2="16" y2="2" stroke={s.colour} strokeWidth="2" strokeDasharray={s.dash} />
                </svg>
                {s.label}
              </span>
            ))}
          </span>
        ) : null}
        <span data-testid="latency-summary">{summary}</span>
      </figcaption>
      {showTable && hasData ? <LatencyTable uptime={uptime} /> : null}
    </figure>
  );
}

function LatencyTable({ uptime }: { uptime: UptimeDto }) {
  const rows = uptime.series.filter((b) => b.checks > 0);
  return (
    <details className="group text-sm">
      <summary className="w-fit cursor-pointer rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
        Show the numbers as a table
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Latency by period">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Latency and uptime by period</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Period</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">p50</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">p95</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Checks</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Up</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((b) => (
              <tr key={b.start} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">{formatSpan(b.start, b.end)}</th>
                <td className="px-3 py-1.5 text-right">{formatMs(b.latency?.p50 ?? null)}</td>
                <td className="px-3 py-1.5 text-right">{formatMs(b.latency?.p95 ?? null)}</td>
                <td className="px-3 py-1.5 text-right">{b.checks}</td>
                <td className="px-3 py-1.5 text-right">{formatPct(b.uptimePct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
