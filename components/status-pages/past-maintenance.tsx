import { Wrench } from "lucide-react";
import { formatDuration } from "@/lib/duration";
import type { PublicMaintenance } from "@/lib/maintenance/schema";
import { formatUtc } from "./format-utc";

/** Maintenance that ended in the last 90 days: why a day's bar may show failures without an incident. */
export function PastMaintenance({ windows }: { windows: PublicMaintenance[] }) {
  if (windows.length === 0) return null;
  return (
    <section aria-labelledby="past-maintenance-heading" className="flex flex-col gap-3">
      <h2 id="past-maintenance-heading" className="text-xl font-semibold">
        Past maintenance
      </h2>
      <ol className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Maintenance, last 90 days">
        {windows.map((w) => (
          <li key={`${w.startsAt}-${w.servers.join()}`} id={`maintenance-${Date.parse(w.startsAt)}`} className="flex flex-col gap-1 p-4">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <Wrench aria-hidden="true" className="size-4 shrink-0 self-center" />
              <span className="font-medium break-words">{w.servers.join(", ")}</span>
              <time dateTime={w.startsAt} className="text-muted-foreground">
                {formatUtc(w.startsAt)}
              </time>
              <span className="text-muted-foreground">for {formatDuration((Date.parse(w.endsAt) - Date.parse(w.startsAt)) / 1000)}</span>
            </p>
            {w.note ? <p className="text-sm whitespace-pre-line break-words">{w.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
