"use client";

import { ServerAlertsCard } from "@/components/alerts/server-alerts-card";
import { UPTIME_WINDOWS } from "@/lib/monitoring/schema";
import type { ServerDto } from "@/lib/servers/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { CheckHistory } from "./check-history";
import { HistoryCard } from "./history-card";
import { IncidentList } from "./incident-list";
import { IncidentUpdates } from "./incident-updates";
import { MonitoringSettings } from "./monitoring-settings";
import { StatusCard } from "./status-card";
import { UptimeWindows } from "./uptime-windows";

/** The server page's Monitoring tab: status now, uptime and latency over time, incidents, every check, and the settings. */
export function MonitoringTab({ server }: { server: ServerDto }) {
  // Incident updates (told on status pages) come with full monitoring.
  const { subscription } = useSubscription();
  const updates = subscription.features.fullMonitoring;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <StatusCard server={server} />
        <section aria-labelledby={`${server.id}-uptime-title`} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
          <h2 id={`${server.id}-uptime-title`} className="text-base font-semibold">
            Uptime
          </h2>
          <UptimeWindows serverId={server.id} windows={UPTIME_WINDOWS} />
        </section>
      </div>
      <HistoryCard serverId={server.id} />
      <div className="grid gap-4 lg:grid-cols-2">
        <IncidentList
          serverId={server.id}
          footer={updates ? (incident) => <IncidentUpdates serverId={server.id} incidentId={incident.id} open={incident.closedAt === null} /> : undefined}
        />
        <CheckHistory serverId={server.id} />
      </div>
      {/* Keyed by the saved values, so the form starts again from them after a save elsewhere. */}
      <MonitoringSettings key={JSON.stringify(server.monitoring)} server={server} />
      <ServerAlertsCard server={server} />
    </div>
  );
}
