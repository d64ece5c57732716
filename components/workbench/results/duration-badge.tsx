import { Timer } from "lucide-react";

import { Badge } from "@/components/ui/badge";

/** "87 ms", "1.24 s", "12.5 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1) return "<1 ms";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

/** How long a call took. */
export function DurationBadge({ ms, className }: { ms: number; className?: string }) {
  return (
    <Badge variant="outline" className={className}>
      <Timer aria-hidden="true" />
      <span className="sr-only">Duration: </span>
      {formatDuration(ms)}
    </Badge>
  );
}
