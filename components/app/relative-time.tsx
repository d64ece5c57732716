"use client";

import { useInBrowser, useNow } from "@/components/app/clock";
import { formatExactTime, formatRelativeTime } from "./format-time";

/**
 * A relative time whose exact value is one hover (or one screen-reader read)
 * away. The server and the hydrating browser write the same: the time relative
 * to the page's render, exactly in UTC; then the browser keeps the relative
 * time current and gives the exact one in the reader's time zone.
 */
export function RelativeTime({ iso, fallback = "Never" }: { iso: string | null; fallback?: string }) {
  const now = useNow();
  const local = useInBrowser();
  if (!iso) return <span className="text-muted-foreground">{fallback}</span>;
  return (
    <time dateTime={iso} title={formatExactTime(iso, local ? undefined : "UTC")} className="whitespace-nowrap">
      {formatRelativeTime(iso, now)}
    </time>
  );
}
