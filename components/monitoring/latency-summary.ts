import type { UptimeBucket, UptimeDto } from "@/lib/monitoring/schema";
import { formatMs } from "@/components/app/format-time";
import { formatSpan, WINDOW_LABEL } from "./format-uptime";

/** The chart in one or two sentences, for screen readers and anyone who prefers words. */
export function latencySummary(uptime: Pick<UptimeDto, "window" | "latency" | "series">): string {
  const over = `over the last ${WINDOW_LABEL[uptime.window].long}`;
  if (!uptime.latency) return `No latency measured ${over}.`;
  const measured = uptime.series.filter((b): b is UptimeBucket & { latency: NonNullable<UptimeBucket["latency"]> } => b.latency !== null);
  const first = `Latency ${over}: median (p50) ${formatMs(uptime.latency.p50)}, p95 ${formatMs(uptime.latency.p95)}.`;
  // Said in words too: on the chart, lines that coincide are one inside the other.
  const same = measured.length > 0 && measured.every((b) => b.latency.p50 === b.latency.p95) ? " p50 and p95 are the same in every period." : "";
  if (measured.length < 2) return first + same;
  const slowest = measured.reduce((a, b) => (b.latency.p95 > a.latency.p95 ? b : a));
  return `${first} Slowest period: ${formatSpan(slowest.start, slowest.end)}, p95 ${formatMs(slowest.latency.p95)}.${same}`;
}
