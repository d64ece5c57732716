import type { SeverityCounts } from "@/lib/scanner/severity";
import { SEVERITIES } from "@/lib/scanner/types";
import { cn } from "@/lib/utils";
import { SEVERITY_META } from "./severity-meta";

/** Counts by severity, one cell per level (zeros included, so the five always line up). */
export function SeverityCountsView({ counts, label }: { counts: SeverityCounts; label: string }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={label}>
      {SEVERITIES.map((s) => {
        const meta = SEVERITY_META[s];
        const Icon = meta.icon;
        return (
          <li key={s} className={cn("flex flex-col gap-1 rounded-lg border p-3", counts[s] === 0 && "text-muted-foreground")}>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span className={cn("size-2 rounded-full", meta.fillClass)} aria-hidden="true" />
              <Icon aria-hidden="true" className="size-3.5" />
              {meta.label}
            </span>
            <span className="text-xl font-semibold tabular-nums">{counts[s].toLocaleString("en")}</span>
          </li>
        );
      })}
    </ul>
  );
}
