import type { ReactNode } from "react";
import { formatSpan } from "./format-uptime";

/**
 * The pieces every time chart of the console shares (monitoring's latency,
 * a gateway's calls): the axes' look, themed from the CSS variables so that
 * it follows light and dark; the tooltip and legend of its series; and the
 * table of the same numbers one click away.
 */

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
  dash?: string;
  /** A line's stroke width, where the lines differ in it (2 otherwise). */
  width?: number;
}

/** Lines are shown as a stroke, bars as a block, in the tooltip and in the legend alike. */
export type SeriesShape = "line" | "bar";

export const chartAxis = { stroke: "var(--muted-foreground)", tick: { fill: "var(--muted-foreground)", fontSize: 12 }, tickLine: false } as const;

export const chartMargin = { top: 8, right: 8, bottom: 0, left: 0 };

/** A bucket's span and each series' value in it; for recharts' Tooltip `content`. */
export function SeriesTooltip({
  active,
  payload,
  series,
  shape,
  format,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  series: readonly ChartSeries[];
  shape: SeriesShape;
  format: (value: number | null) => ReactNode;
}) {
  const point = payload?.[0]?.payload as ({ start: string; end: string } & Record<string, number | null>) | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{formatSpan(point.start, point.end)}</p>
      {series.map((s) => (
        <p key={s.key} className="mt-1 flex items-center gap-2">
          <span className={shape === "line" ? "inline-block h-0.5 w-3" : "inline-block size-2 rounded-sm"} style={{ background: s.colour }} aria-hidden="true" />
          {s.label}: {format(point[s.key])}
        </p>
      ))}
    </div>
  );
}

/** The series' names beside a stroke or block of their colour; hidden from screen readers, which read the caption. */
export function SeriesLegend({ series, shape }: { series: readonly ChartSeries[]; shape: SeriesShape }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
      {series.map((s) => (
        <span key={s.key} className="flex items-center gap-1.5">
          {shape === "line" ? (
            <svg width="16" height="4" className="shrink-0">
              <line x1="0" y1="2" x2="16" y2="2" stroke={s.colour} strokeWidth={s.width ?? 2} strokeDasharray={s.dash} />
            </svg>
          ) : (
            <svg width="16" height="8" className="shrink-0">
              <rect width="16" height="8" rx="2" fill={s.colour} />
            </svg>
          )}
          {s.label}
        </span>
      ))}
    </span>
  );
}

/** A chart's numbers as a table behind a summary: the columns' headings (the first is the period), then the caller's rows. */
export function NumbersTable({ label, caption, columns, children }: { label: string; caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
        Show the numbers as a table
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={label}>
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Period
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-right font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">{children}</tbody>
        </table>
      </div>
    </details>
  );
}

/** One period's row of a NumbersTable: its span, then its figures right-aligned. */
export function NumbersRow({ start, end, cells }: { start: string; end: string; cells: readonly ReactNode[] }) {
  return (
    <tr className="border-t">
      <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
        {formatSpan(start, end)}
      </th>
      {cells.map((cell, i) => (
        <td key={i} className="px-3 py-1.5 text-right">
          {cell}
        </td>
      ))}
    </tr>
  );
}
