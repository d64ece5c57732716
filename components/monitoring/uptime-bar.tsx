import { cn } from "@/lib/utils";
import { formatPct, formatSpan } from "./format-uptime";
import { LEVEL_META, uptimeLevel, type BucketCounts, type UptimeLevel } from "./uptime-level";

export interface BarBucket extends BucketCounts {
  start: string;
  end: string;
}

/** At most this many troubled periods are read out; the rest are counted. */
const LISTED_PROBLEMS = 8;

function bucketTitle(b: BarBucket): string {
  const span = formatSpan(b.start, b.end);
  if (b.checks === 0 || b.uptimePct === null) return `${span}: no checks`;
  const parts = [`${b.checks} ${b.checks === 1 ? "check" : "checks"}`];
  if (b.failed) parts.push(`${b.failed} failed`);
  if (b.degraded) parts.push(`${b.degraded} slow`);
  return `${span}: ${formatPct(b.uptimePct)} up (${parts.join(", ")})`;
}

/** What the bar shows, in words: the periods with problems, worst first, and the ones without checks. */
export function uptimeBarSummary(buckets: readonly BarBucket[], uptimePct: number | null): string {
  const problems = buckets
    .filter((b) => ["down", "degraded"].includes(uptimeLevel(b)))
    .sort((a, b) => (a.uptimePct ?? 0) - (b.uptimePct ?? 0));
  const unchecked = buckets.filter((b) => uptimeLevel(b) === "none").length;
  const sentences = [uptimePct === null ? "No checks in this period." : `${formatPct(uptimePct)} up overall.`];
  if (problems.length === 0 && uptimePct !== null) sentences.push("No outages or slow periods.");
  if (problems.length > 0) {
    const listed = problems
      .slice(0, LISTED_PROBLEMS)
      .map((b) => `${uptimeLevel(b) === "down" ? "outage" : "slow or failed checks"} on ${formatSpan(b.start, b.end)} (${formatPct(b.uptimePct)} up)`);
    const more = problems.length - listed.length;
    sentences.push(`${problems.length} of ${buckets.length} periods had problems: ${listed.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`);
  }
  if (unchecked > 0 && uptimePct !== null) sentences.push(`${unchecked} of ${buckets.length} periods had no checks.`);
  return sentences.join(" ");
}

/**
 * The status-page bar: one slot per bucket, coloured by how it went, its
 * numbers in a title; screen readers get the same in one summary instead of
 * ninety slots.
 */
export function UptimeBar({
  buckets,
  uptimePct,
  label,
  startLabel,
  endLabel = "Now",
  className,
}: {
  buckets: readonly BarBucket[];
  uptimePct: number | null;
  /** Names the bar, e.g. "Uptime, last 90 days". */
  label: string;
  startLabel: string;
  endLabel?: string;
  className?: string;
}) {
  const levels = new Set(buckets.map(uptimeLevel));
  return (
    <figure className={cn("flex flex-col gap-2", className)}>
      <figcaption className="sr-only">
        {label}. {uptimeBarSummary(buckets, uptimePct)}
      </figcaption>
      <div className="flex h-8 w-full items-stretch gap-px sm:gap-0.5" aria-hidden="true" data-testid="uptime-bar">
        {buckets.map((b) => {
          const level = uptimeLevel(b);
          return (
            <span
              key={b.start}
              data-level={level}
              title={bucketTitle(b)}
              className={cn("min-w-0 flex-1 rounded-[2px] transition-opacity hover:opacity-70", LEVEL_META[level].fillClass)}
            />
          );
        })}
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground" aria-hidden="true">
        <span>{startLabel}</span>
        <span className="h-px flex-1 bg-border" />
        <span>{uptimePct === null ? "No checks" : `${formatPct(uptimePct)} up`}</span>
        <span className="h-px flex-1 bg-border" />
        <span>{endLabel}</span>
      </div>
      <BarLegend levels={levels} />
    </figure>
  );
}

function BarLegend({ levels }: { levels: Set<UptimeLevel> }) {
  const shown = (["up", "degraded", "down", "none"] as const).filter((l) => levels.has(l));
  if (shown.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {shown.map((l) => (
        <li key={l} className="flex items-center gap-1.5">
          <span className={cn("size-2.5 rounded-[2px]", LEVEL_META[l].fillClass)} />
          {LEVEL_META[l].label}
        </li>
      ))}
    </ul>
  );
}
