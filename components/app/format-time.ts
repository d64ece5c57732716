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

/** A latency or a call's duration: "87 ms", "1.24 s", "12.5 s", "2 min 5 s"; "—" when there is none. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "—";
  if (ms > 0 && ms < 1) return "<1 ms";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
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
