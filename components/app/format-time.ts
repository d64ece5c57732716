const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday"; `now` is passed in so tests need no clock. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return "unknown time";
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60) || Math.sign(seconds), "minute");
}

/** "Nov 24, 2026, 4:42:07 AM UTC": in `timeZone`, else in the runtime's own. */
export function formatExactTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "long", timeZone });
}

export function formatLatency(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatInterval(sec: number): string {
  if (sec % 3600 === 0) return sec === 3600 ? "1 hour" : `${sec / 3600} hours`;
  if (sec % 60 === 0) return sec === 60 ? "1 minute" : `${sec / 60} minutes`;
  return `${sec} seconds`;
}

/** "every minute", "every 15 minutes". */
export function formatEvery(sec: number): string {
  if (sec === 60) return "every minute";
  if (sec === 3600) return "every hour";
  return `every ${formatInterval(sec)}`;
}
