import { formatDuration } from "@/lib/duration";
import type { PublicPastIncident } from "@/lib/status-pages/schema";
import { formatUtc } from "./format-utc";
import { IncidentUpdates } from "./incident-updates";

/** The page's incidents of the last 90 days, newest first, each with how long it lasted. */
export function IncidentHistory({ incidents }: { incidents: PublicPastIncident[] }) {
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3">
      <h2 id="history-heading" className="text-xl font-semibold">
        Incident history
      </h2>
      {incidents.length === 0 ? (
        <p className="text-sm text-muted-foreground">No incidents in the last 90 days.</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Incidents, last 90 days">
          {incidents.map((i) => (
            <li key={`${i.openedAt}-${i.server}`} id={`incident-${Date.parse(i.openedAt)}`} className="flex flex-col gap-1 p-4">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <span className="font-medium break-words">{i.server}</span>
                <time dateTime={i.openedAt} className="text-muted-foreground">
                  {formatUtc(i.openedAt)}
                </time>
                <span className={i.durationSec === null ? "font-medium text-destructive" : "text-muted-foreground"}>
                  {i.durationSec === null ? "Ongoing" : `Resolved after ${formatDuration(i.durationSec)}`}
                </span>
              </p>
              <p className="text-sm">{i.summary}</p>
              <IncidentUpdates updates={i.updates} className="mt-1" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
