import { formatExactTime, formatRelativeTime } from "./format";

/** A relative time whose exact value is one hover (or one screen-reader read) away. */
export function RelativeTime({ iso, fallback = "Never" }: { iso: string | null; fallback?: string }) {
  if (!iso) return <span className="text-muted-foreground">{fallback}</span>;
  const exact = formatExactTime(iso);
  return (
    <time dateTime={iso} title={exact} className="whitespace-nowrap">
      {formatRelativeTime(iso)}
    </time>
  );
}
