import { Wrench } from "lucide-react";
import type { PublicMaintenance } from "@/lib/maintenance/schema";
import { formatUtc } from "./format-utc";

/** "Scheduled maintenance" on a public page: what is in progress and what is coming, and what it means for the figures. */
export function ScheduledMaintenance({ windows, now }: { windows: PublicMaintenance[]; now: string }) {
  return (
    <section aria-labelledby="maintenance-heading" className="flex flex-col gap-3">
      <h2 id="maintenance-heading" className="text-xl font-semibold">
        Scheduled maintenance
      </h2>
      <p className="text-sm text-muted-foreground">Failed checks during maintenance open no incident and send no alert.</p>
      <ul className="flex flex-col gap-3">
        {windows.map((w) => {
          const inProgress = Date.parse(w.startsAt) <= Date.parse(now);
          return (
            <li key={`${w.startsAt}-${w.servers.join()}`} className="flex flex-col gap-1 rounded-lg border bg-card p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <Wrench aria-hidden="true" className="size-4 shrink-0" />
                {inProgress ? "In progress" : "Upcoming"}
                <span className="font-normal text-muted-foreground">
                  <time dateTime={w.startsAt}>{formatUtc(w.startsAt)}</time> to <time dateTime={w.endsAt}>{formatUtc(w.endsAt)}</time>
                </span>
              </p>
              <p className="text-sm break-words">{w.servers.join(", ")}</p>
              {w.note ? <p className="text-sm whitespace-pre-line break-words text-muted-foreground">{w.note}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
