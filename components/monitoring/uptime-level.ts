/** How a stretch of time went, as a status page colours it. */
export type UptimeLevel = "up" | "degraded" | "down" | "none";

/** Below this share of good checks a bucket counts as an outage rather than a blip. */
export const OUTAGE_BELOW_PCT = 95;

export interface BucketCounts {
  checks: number;
  failed: number;
  degraded: number;
  uptimePct: number | null;
}

export function uptimeLevel(bucket: BucketCounts): UptimeLevel {
  if (bucket.checks === 0 || bucket.uptimePct === null) return "none";
  if (bucket.uptimePct < OUTAGE_BELOW_PCT) return "down";
  if (bucket.failed > 0 || bucket.degraded > 0) return "degraded";
  return "up";
}

export const LEVEL_META: Record<UptimeLevel, { label: string; fillClass: string }> = {
  up: { label: "No problems", fillClass: "bg-success" },
  degraded: { label: "Slow or failed checks", fillClass: "bg-warning" },
  down: { label: "Outage", fillClass: "bg-destructive" },
  none: { label: "No checks", fillClass: "bg-muted-foreground/30" },
};
