"use client";

import { formatMs } from "@/components/app/format-time";
import type { LatencyRangeDto, UptimeBucket, UptimeDto } from "@/lib/monitoring/schema";
import { NumbersRow, NumbersTable } from "./chart-parts";
import { formatPct } from "./format-uptime";
import { LatencyLegend, LatencyLines, type LatencyPoint } from "./latency-lines";
import { latencySummary } from "./latency-summary";

/**
 * Latency (p50 and p95) of each bucket of a window. The same numbers are in
 * a sentence below it and in a table one click away.
 */
export function LatencyChart({
  uptime,
  height = 220,
  showTable = true,
  incidents = [],
}: {
  uptime: UptimeDto;
  height?: number;
  showTable?: boolean;
  /** Shaded over the periods they span. */
  incidents?: LatencyRangeDto["incidents"];
}) {
  const data: LatencyPoint[] = uptime.series.map((b) => ({ start: b.start, end: b.end, p50: b.latency?.p50 ?? null, p95: b.latency?.p95 ?? null }));
  const marked = incidentSpans(uptime.series, incidents);
  const summary = latencySummary(uptime);
  const measured = data.filter((p) => p.p50 !== null).length;
  const hasData = measured > 0;
  return (
    <figure className="flex flex-col gap-3">
      {/* A line needs two points; a lone measurement is drawn as a dot, kept off the edge so it is whole. */}
      {hasData ? <LatencyLines data={data} window={uptime.window} height={height} dot={measured < 3 ? { r: 3 } : false} padding={8} testId="latency-chart" marked={marked} /> : null}
      <figcaption className="flex flex-col gap-2 text-sm text-muted-foreground">
        {hasData ? <LatencyLegend /> : null}
        <span data-testid="latency-summary">{summary}</span>
      </figcaption>
      {showTable && hasData ? <LatencyTable uptime={uptime} /> : null}
    </figure>
  );
}

/** Each incident as the first and last period it touches (an open one runs to the end). */
function incidentSpans(series: UptimeBucket[], incidents: LatencyRangeDto["incidents"]): { from: string; to: string }[] {
  const at = (iso: string) => series.find((b) => Date.parse(b.start) <= Date.parse(iso) && Date.parse(iso) < Date.parse(b.end));
  return incidents.flatMap((i) => {
    const first = at(i.openedAt) ?? series[0];
    const last = (i.closedAt ? at(i.closedAt) : undefined) ?? series.at(-1);
    return first && last ? [{ from: first.start, to: last.start }] : [];
  });
}

function LatencyTable({ uptime }: { uptime: UptimeDto }) {
  return (
    <NumbersTable label="Latency by period" caption="Latency and uptime by period" columns={["p50", "p95", "Checks", "Up"]}>
      {uptime.series
        .filter((b) => b.checks > 0)
        .map((b) => (
          <NumbersRow
            key={b.start}
            start={b.start}
            end={b.end}
            cells={[formatMs(b.latency?.p50 ?? null), formatMs(b.latency?.p95 ?? null), b.checks, formatPct(b.uptimePct)]}
          />
        ))}
    </NumbersTable>
  );
}
