import { formatMs } from "@/components/app/format-time";
import type { CheckPhases as Phases } from "@/lib/monitoring/schema";
import { cn } from "@/lib/utils";

const PHASES = [
  { key: "connectMs", label: "connect", fill: "bg-chart-1" },
  { key: "initializeMs", label: "handshake", fill: "bg-chart-1/60" },
  { key: "pingMs", label: "ping", fill: "bg-chart-2" },
  { key: "listMs", label: "list", fill: "bg-chart-2/60" },
] as const;

/**
 * Where a check spent its time: each phase in words, and a bar of their
 * shares to spot the slow one at a glance. The handshake is `initialize` for
 * a 2025 server and the `server/discover` probe for a 2026-07-28 one, which
 * has no `ping`: a phase skipped before one that ran was not part of the
 * check and is left out. A phase after the last one reached is "not
 * reached", which says where the check stopped.
 */
export function CheckPhases({ phases, className }: { phases: Phases; className?: string }) {
  const total = PHASES.reduce((sum, p) => sum + (phases[p.key] ?? 0), 0);
  const lastReached = PHASES.findLastIndex((p) => phases[p.key] !== null);
  const shown = PHASES.filter((p, i) => phases[p.key] !== null || i > lastReached);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {total > 0 ? (
        <div className="flex h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-muted" aria-hidden="true">
          {PHASES.map((p) =>
            phases[p.key] ? <span key={p.key} className={cn("h-full", p.fill)} style={{ width: `${((phases[p.key] ?? 0) / total) * 100}%` }} /> : null,
          )}
        </div>
      ) : null}
      <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        {shown.map((p) => (
          <div key={p.key} className="flex gap-1">
            <dt>{p.label}</dt>
            <dd className="tabular-nums">{phases[p.key] === null ? "not reached" : formatMs(phases[p.key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
