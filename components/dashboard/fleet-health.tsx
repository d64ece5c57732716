import { CircleX, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { formatPct } from "@/components/monitoring/format-uptime";
import { RelativeTime } from "@/components/app/relative-time";
import { CardSection } from "@/components/app/card-section";
import type { FleetOverview } from "@/lib/monitoring/schema";

function Figure({ label, value, detail, tone }: { label: string; value: string; detail: string; tone?: "bad" | "good" }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-3 sm:px-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === "bad" ? "text-2xl font-semibold text-destructive tabular-nums" : "text-2xl font-semibold tabular-nums"}>{value}</dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}

/** The fleet's health from the monitoring side: uptime over a day, open incidents, and who is down right now. */
export function FleetHealth({ fleet }: { fleet: FleetOverview }) {
  const down = fleet.downNow;
  return (
    <CardSection className="gap-4" title="Health" contentClassName="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Figure label="Uptime, 24 h" value={formatPct(fleet.uptime24hPct)} detail={fleet.uptime24hPct === null ? "no checks yet" : "every server's checks"} />
        <Figure
          label="Open incidents"
          value={fleet.openIncidents.toLocaleString("en")}
          detail={fleet.openIncidents === 0 ? "none open" : "ongoing"}
          tone={fleet.openIncidents > 0 ? "bad" : undefined}
        />
        <Figure label="Down now" value={down.length.toLocaleString("en")} detail={down.length === 0 ? "all answering" : "not answering"} tone={down.length > 0 ? "bad" : undefined} />
      </dl>
      {down.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          No server is down.
        </p>
      ) : (
        <section aria-labelledby="down-now-title" className="flex flex-col gap-2">
          <h3 id="down-now-title" className="text-sm font-medium">
            Down now
          </h3>
          <ul className="flex flex-col divide-y rounded-lg border" aria-labelledby="down-now-title">
            {down.map((s) => (
              <li key={s.id}>
                <Link
                  href={`/servers/${encodeURIComponent(s.id)}?tab=monitoring`}
                  className="flex items-center gap-2 px-3 py-2.5 text-sm hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  <CircleX aria-hidden="true" className="size-4 shrink-0 text-destructive" />
                  <span className="min-w-0 flex-1 truncate font-medium">{s.name}</span>
                  {s.since ? (
                    <span className="shrink-0 text-xs text-muted-foreground">
                      since <RelativeTime iso={s.since} />
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </CardSection>
  );
}
