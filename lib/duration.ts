/**
 * "45 s", "5 min", "1 h 20 min", "2 d 3 h": a length of time at a glance, in
 * its two largest units (seconds only under a minute). One wording for an
 * outage or a maintenance window wherever it is told: the activity log, an
 * alert, the console, a status page and its feed.
 */
export function formatDuration(totalSec: number): string {
  const sec = Math.max(0, Math.round(totalSec));
  if (sec < 60) return `${sec} s`;
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
