"use client";

import type { ServerDto } from "@/lib/servers/schema";
import { CheckHistory } from "./check-history";
import { HistoryCard } from "./history-card";
import { IncidentList } from "./incident-list";
import { StatusCard } from "./status-card";
import { UptimeWindows } from "./uptime-windows";
import { UPTIME_WINDOWS } from "@/lib/monitoring/schema";

/** The server page's Monitoring tab: status now, uptime and latency over time, incidents, every check, and the settings. */
export function MonitoringTab({ server }: { server: ServerDto }) {
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
        <IncidentList serverId={server.id} />
        <CheckHistory serverId={server.id} />
      </div>
    </div>
  );
}
