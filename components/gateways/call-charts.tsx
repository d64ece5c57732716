"use client";

import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { CardSection } from "@/components/app/card-section";
import { useNow } from "@/components/app/clock";
import { formatMs } from "@/components/app/format-time";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { Segmented } from "@/components/app/segmented";
import { chartAxis, chartMargin, NumbersRow, NumbersTable, SeriesLegend, SeriesTooltip } from "@/components/monitoring/chart-parts";
import { formatTick, WINDOW_LABEL } from "@/components/monitoring/format-uptime";
import { LatencyLegend, LatencyLines } from "@/components/monitoring/latency-lines";
import { useGatewayStats } from "@/lib/gateways/hooks";
import type { StatsRange } from "@/lib/gateways/keys";
import type { GatewayCallStats } from "@/lib/gateways/schema";
import { plural } from "@/lib/plural";
import { CallFigures } from "./call-figures";
import { filledSeries, type StatsPoint } from "./stats-series";

const RANGES: readonly StatsRange[] = ["24h", "7d"];

const CALL_SERIES = [
  { key: "ok", label: "Answered", colour: "var(--chart-1)" },
  { key: "errors", label: "Errors", colour: "var(--destructive)" },
  { key: "blocked", label: "Blocked", colour: "var(--warning)" },
];

const callsTooltip = (props: { active?: boolean; payload?: readonly { payload?: unknown }[] }) => (
  <SeriesTooltip {...props} series={CALL_SERIES} shape="bar" format={(v) => v} />
);

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
      <CallFigures totals={totals} />
      {totals.calls + totals.blocked === 0 ? (
        <p className="text-sm text-muted-foreground">No calls in the last {WINDOW_LABEL[window].long}.</p>
      ) : (
        <>
          <figure className="flex flex-col gap-2">
            <div aria-hidden="true" data-testid="calls-chart">
              <BarChart responsive data={data} style={{ width: "100%", height: 200 }} margin={chartMargin} accessibilityLayer={false}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="start" tickFormatter={(v: string) => formatTick(v, window)} minTickGap={24} {...chartAxis} />
                <YAxis width={40} allowDecimals={false} axisLine={false} {...chartAxis} />
                <Tooltip content={callsTooltip} cursor={{ fill: "var(--muted)" }} />
                {CALL_SERIES.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} stackId="calls" fill={s.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </div>
            <figcaption className="flex flex-col gap-1 text-sm text-muted-foreground">
              <SeriesLegend series={CALL_SERIES} shape="bar" />
              <span>
                {plural(totals.calls, "call")} reached a server in the last {WINDOW_LABEL[window].long}, {plural(totals.errors, "error")} among them;{" "}
                {plural(totals.blocked, "call was", "calls were")} blocked.
              </span>
            </figcaption>
          </figure>
          <figure className="flex flex-col gap-2">
            {/* Padded so that the first and last points stand over the bars above them. */}
            {measured ? <LatencyLines data={data} window={window} height={200} dot={{ r: 2 }} padding={6} testId="call-latency-chart" /> : null}
            <figcaption className="flex flex-col gap-1 text-sm text-muted-foreground">
              {measured ? <LatencyLegend /> : null}
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
    <NumbersTable label="Calls by period" caption="Calls, errors, blocked calls and latency by period" columns={["Calls", "Errors", "Blocked", "p50", "p95"]}>
      {data.map((p) => (
        <NumbersRow key={p.start} start={p.start} end={p.end} cells={[p.ok + p.errors, p.errors, p.blocked, formatMs(p.p50), formatMs(p.p95)]} />
      ))}
    </NumbersTable>
  );
}
