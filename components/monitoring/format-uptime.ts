import type { LatencyRange, UptimeWindow } from "@/lib/monitoring/schema";

/** The uptime windows, and the latency chart's shorter ranges. */
export const WINDOW_LABEL: Record<LatencyRange, { short: string; long: string }> = {
  "1h": { short: "1 h", long: "hour" },
  "6h": { short: "6 h", long: "6 hours" },
  "24h": { short: "24 h", long: "24 hours" },
  "7d": { short: "7 d", long: "7 days" },
  "30d": { short: "30 d", long: "30 days" },
  "90d": { short: "90 d", long: "90 days" },
};

/** "100%", "99.95%", "87.3%": as many decimals as make a difference near the top. */
export function formatPct(pct: number | null): string {
  if (pct === null) return "—";
  if (pct >= 100) return "100%";
  // 99.999 must not round up to a perfect record.
  const digits = pct >= 99 ? 2 : 1;
  const factor = 10 ** digits;
  return `${(Math.floor(pct * factor) / factor).toFixed(digits)}%`;
}

/** A bucket's span in words, to the minute for short buckets and to the day for days. */
export function formatSpan(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const hours = (end.getTime() - start.getTime()) / 3_600_000;
  if (hours >= 23.5) return start.toLocaleDateString("en", { month: "short", day: "numeric", year: "numeric" });
  const day = start.toLocaleDateString("en", { month: "short", day: "numeric" });
  const time = (d: Date) => d.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time(start)}–${time(end)}`;
}

/** Tick label on a time axis: hours for a day, dates beyond. */
export function formatTick(iso: string, window: UptimeWindow): string {
  const d = new Date(iso);
  if (window === "24h") return d.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return d.toLocaleDateString("en", { month: "short", day: "numeric" });
}
