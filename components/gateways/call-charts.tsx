"use client";

import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { useNow } from "@/components/app/clock";
import { formatMs } from "@/components/app/format-time";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { Segmented } from "@/components/app/segmented";
import { CardSection } from "@/components/app/card-section";
import { formatSpan, formatTick, WINDOW_LABEL } from "@/components/monitoring/format-uptime";
import { useGatewayStats } from "@/lib/gateways/hooks";
import { plural } from "@/lib/plural";
import type { StatsRange } from "@/lib/gateways/keys";
import type { GatewayCallStats } from "@/lib/gateways/schema";
import { errorRate, filledSeries, type StatsPoint } from "./stats-series";

const RANGES: readonly StatsRange[] = ["24h", "7d"];

const CALL_SERIES = [
  { key: "ok", label: "Answered", colour: "var(--chart-1)" },
  { key: "errors", label: "Errors", colour: "var(--destructive)" },
  { key: "blocked", label: "Blocked", colour: "var(--warning)" },
] as const;

const LATENCY_SERIES = [
  { key: "p50", label: "p50 (median)", colour: "var(--chart-1)", dash: undefined },
  { key: "p95", label: "p95", colour: "var(--chart-2)", dash: "5 3" },
] as const;

const axis = { stroke: "var(--muted-foreground)", tick: { fill: "var(--muted-foreground)", fontSize: 12 }, tickLine: false } as const;

function ChartTooltip({ active, payload, latency }: { active?: boolean; payload?: readonly { payload?: unknown }[]; latency?: boolean }) {
  const point = payload?.[0]?.payload as StatsPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{formatSpan(point.start, point.end)}</p>
      {(latency ? LATENCY_SERIES : CALL_SERIES).map((s) => (
        <p key={s.key} className="mt-1 flex items-center gap-2">
          <span className="inline-block size-2 rounded-sm" style={{ background: s.colour }} aria-hidden="true" />
          {s.label}: {latency ? formatMs(point[s.key as "p50" | "p95"]) : point[s.key as "ok" | "errors" | "blocked"]}
        </p>
      ))}
    </div>
  );
}

function Legend({ series, line = false }: { series: readonly { key: string; label: string; colour: string; dash?: string }[]; line?: boolean }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
      {series.map((s) => (
        <span key={s.key} className="flex items-center gap-1.5">
          <svg width="16" height="8" className="shrink-0">
            {line ? (
              <line x1="0" y1="4" x2="16" y2="4" stroke={s.colour} strokeWidth="2" strokeDasharray={s.dash} />
            ) : (
              <rect width="16" height="8" rx="2" fill={s.colour} />
            )}
          </svg>
          {s.label}
        </span>
      ))}
    </span>
  );
}

/** Calls, errors and blocked calls per bucket, and the latency of the calls that reached a server, over 24 hours or 7 days. */
export function CallCharts({ gatewayId }: { gatewayId: string }) {
  const [range, setRange] = useState<StatsRange>("24h");
  const stats = useGatewayStats(gatewayId, range);
  return (
    <CardSection
      title="Calls over time"
      action={<Segmented label="Time range" value={range} onChange={setRange} options={RANGES.map((r) => ({ value: r, label: WINDOW_LABEL[r].short }))} />}
      contentClassName="flex flex-col gap-6"
    >
      {stats.isPending ? (
        <Loading label="Loading the charts…" className="flex flex-col gap-4">
          <SkeletonRows className="h-16" layout="grid grid-cols-3 gap-3" />
          <SkeletonRows count={2} className="h-48" layout="flex flex-col gap-4" />
        </Loading>
      ) : stats.isError ? (
        <LoadError what="the charts" query={stats} />
      ) : (
        <Charts stats={stats.data} />
      )}
    </CardSection>
  );
}

function Charts({ stats }: { stats: GatewayCallStats }) {
  const now = useNow();
  const data = filledSeries(stats, now);
  const { totals } = stats;
  const window = stats.range;
  const measured = data.some((p) => p.p50 !== null);
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-3 sm:px-4">
          <dt className="text-xs text-muted-foreground">Calls</dt>
          <dd className="text-2xl font-semibold tabular-nums">{totals.calls.toLocaleString("en")}</dd>
        </div>
        <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-3 sm:px-4">
          <dt className="text-xs text-muted-foreground">Errors</dt>
          <dd className={totals.errors > 0 ? "text-2xl font-semibold text-destructive tabular-nums" : "text-2xl font-semibold tabular-nums"}>
            {totals.errors.toLocaleString("en")}
          </dd>
          <dd className="text-xs text-muted-foreground">{errorRate(totals)}</dd>
        </div>
        <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-3 sm:px-4">
          <dt className="text-xs text-muted-foreground">Blocked</dt>
          <dd className={totals.blocked > 0 ? "text-2xl font-semibold text-warning tabular-nums" : "text-2xl font-semibold tabular-nums"}>
            {totals.blocked.toLocaleString("en")}
          </dd>
          <dd className="text-xs text-muted-foreground">refused by the policy</dd>
        </div>
      </dl>
      {totals.calls + totals.blocked === 0 ? (
        <p className="text-sm text-muted-foreground">No calls in the last {WINDOW_LABEL[window].long}.</p>
      ) : (
        <>
          <figure className="flex flex-col gap-2">
            <div aria-hidden="true" data-testid="calls-chart">
              <BarChart responsive data={data} style={{ width: "100%", height: 200 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="start" tickFormatter={(v: string) => formatTick(v, window)} minTickGap={24} {...axis} />
                <YAxis width={40} allowDecimals={false} axisLine={false} {...axis} />
                <Tooltip content={ChartTooltip} cursor={{ fill: "var(--muted)" }} />
                {CALL_SERIES.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} stackId="calls" fill={s.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </div>
            <figcaption className="flex flex-col gap-1 text-sm text-muted-foreground">
              <Legend series={CALL_SERIES} />
              <span>
                {plural(totals.calls, "call")} reached a server in the last {WINDOW_LABEL[window].long}, {plural(totals.errors, "error")} among them;{" "}
                {plural(totals.blocked, "call was", "calls were")} blocked.
              </span>
            </figcaption>
          </figure>
          <figure className="flex flex-col gap-2">
            {measured ? (
              <div aria-hidden="true" data-testid="call-latency-chart">
                <LineChart responsive data={data} style={{ width: "100%", height: 200 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="start" tickFormatter={(v: string) => formatTick(v, window)} minTickGap={24} padding={{ left: 6, right: 6 }} {...axis} />
                  <YAxis width={56} tickFormatter={(v: number) => formatMs(v)} axisLine={false} {...axis} />
                  <Tooltip content={(props) => <ChartTooltip {...props} latency />} cursor={{ stroke: "var(--input)" }} />
                  {LATENCY_SERIES.map((s) => (
                    <Line
                      key={s.key}
                      dataKey={s.key}
                      name={s.label}
                      type="monotone"
                      stroke={s.colour}
                      strokeWidth={2}
                      strokeDasharray={s.dash}
                      dot={{ r: 2 }}
                      activeDot={{ r: 3 }}
                      connectNulls={false}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              </div>
            ) : null}
            <figcaption className="flex flex-col gap-1 text-sm text-muted-foreground">
              {measured ? <Legend series={LATENCY_SERIES} line /> : null}
              <span>{measured ? "Latency of the calls that reached a server, per period." : "No call reached a server in this range: no latency to show."}</span>
            </figcaption>
          </figure>
          <StatsTable data={data.filter((p) => p.ok + p.errors + p.blocked > 0)} />
        </>
      )}
    </>
  );
}

function StatsTable({ data }: { data: StatsPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
        Show the numbers as a table
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Calls by period">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Calls, errors, blocked calls and latency by period</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Period</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Calls</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Errors</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Blocked</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">p50</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">p95</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {data.map((p) => (
              <tr key={p.start} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">{formatSpan(p.start, p.end)}</th>
                <td className="px-3 py-1.5 text-right">{p.ok + p.errors}</td>
                <td className="px-3 py-1.5 text-right">{p.errors}</td>
                <td className="px-3 py-1.5 text-right">{p.blocked}</td>
                <td className="px-3 py-1.5 text-right">{formatMs(p.p50)}</td>
                <td className="px-3 py-1.5 text-right">{formatMs(p.p95)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
