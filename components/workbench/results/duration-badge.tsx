import { Timer } from "lucide-react";

import { formatMs } from "@/components/app/format-time";
import { Badge } from "@/components/ui/badge";

/** How long a call took. */
export function DurationBadge({ ms, className }: { ms: number; className?: string }) {
  return (
    <Badge variant="outline" className={className}>
      <Timer aria-hidden="true" />
      <span className="sr-only">Duration: </span>
      {formatMs(ms)}
    </Badge>
  );
}
