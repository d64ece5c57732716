import { CircleAlert, CircleCheck, CircleX, Rss, TriangleAlert, Wrench } from "lucide-react";
import { UptimeBar } from "@/components/monitoring/uptime-bar";
import { StatusBadge } from "@/components/monitoring/status-badge";
import type { PublicServer, PublicStatusPage } from "@/lib/status-pages/schema";
import { cn } from "@/lib/utils";
import { IncidentHistory } from "./incident-history";
import { IncidentUpdates } from "./incident-updates";
import { formatUtc } from "./format-utc";
import { PastMaintenance } from "./past-maintenance";
import { ScheduledMaintenance } from "./scheduled-maintenance";

function overall(servers: PublicServer[]) {
  if (servers.some((s) => s.status === "down" && !s.inMaintenance)) return { text: "Some services are down", icon: CircleX, className: "bg-destructive text-destructive-foreground" };
  if (servers.some((s) => s.status === "degraded")) return { text: "Some services are slow", icon: TriangleAlert, className: "bg-warning text-warning-foreground" };
  if (servers.length > 0 && servers.every((s) => s.status === "up")) return { text: "All services are operational", icon: CircleCheck, className: "bg-success text-success-foreground" };
  if (servers.some((s) => s.inMaintenance)) return { text: "Maintenance in progress", icon: Wrench, className: "bg-secondary text-secondary-foreground" };
  return { text: "Not every service has been checked", icon: CircleAlert, className: "bg-secondary text-secondary-foreground" };
}

/** A published status page: its title, the verdict, then each service with its uptime (90 days, or 24 hours on Free) and its open incidents. */
export function PublicStatusView({ page }: { page: PublicStatusPage }) {
  const verdict = overall(page.servers);
  const Icon = verdict.icon;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight break-words">{page.title}</h1>
        <p className={cn("flex items-center gap-2 rounded-lg px-4 py-3 font-medium", verdict.className)}>
          <Icon aria-hidden="true" className="size-5 shrink-0" />
          {verdict.text}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>
            Updated <time dateTime={page.generatedAt}>{formatUtc(page.generatedAt)}</time>
          </span>
          <a href={`/status/${page.slug}/feed.xml`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <Rss aria-hidden="true" className="size-3.5" />
            Incidents and maintenance feed (Atom)
          </a>
        </p>
      </header>
      {page.maintenance.length > 0 ? <ScheduledMaintenance windows={page.maintenance} now={page.generatedAt} /> : null}
      {page.servers.length === 0 ? (
        <p className="text-sm text-muted-foreground">This page lists no services yet.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Services">
          {page.servers.map((s, i) => (
            <li key={i}>
              <ServiceCard server={s} uptimeWindow={page.uptimeWindow} />
            </li>
          ))}
        </ul>
      )}
      <IncidentHistory incidents={page.history} />
      <PastMaintenance windows={page.pastMaintenance} />
    </div>
  );
}

const UPTIME_WORDS: Record<PublicStatusPage["uptimeWindow"], { span: string; start: string; end: string }> = {
  "90d": { span: "last 90 days", start: "90 days ago", end: "Today" },
  "24h": { span: "last 24 hours", start: "24 hours ago", end: "Now" },
};

function ServiceCard({ server, uptimeWindow }: { server: PublicServer; uptimeWindow: PublicStatusPage["uptimeWindow"] }) {
  const words = UPTIME_WORDS[uptimeWindow];
  return (
    <article className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm" aria-label={server.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{server.name}</h2>
          {server.url ? <p className="font-mono text-xs break-all text-muted-foreground">{server.url}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {server.inMaintenance ? (
            <span className="inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium">
              <Wrench aria-hidden="true" className="size-3.5" />
              Under maintenance
            </span>
          ) : null}
          <StatusBadge status={server.status} />
        </div>
      </div>
      <UptimeBar buckets={server.buckets} uptimePct={server.uptimePct} label={`Uptime of ${server.name}, ${words.span}`} startLabel={words.start} endLabel={words.end} />
      {server.openIncidents.map((incident) => (
        <section key={incident.openedAt} className="flex flex-col gap-2 rounded-lg border border-destructive/60 bg-destructive/5 p-4" aria-label={`Incident since ${formatUtc(incident.openedAt)}`}>
          <p className="text-sm font-medium">
            Ongoing incident since <time dateTime={incident.openedAt}>{formatUtc(incident.openedAt)}</time>
          </p>
          <p className="text-sm">{incident.summary}</p>
          <IncidentUpdates updates={incident.updates} />
        </section>
      ))}
    </article>
  );
}
