"use client";

import Link from "next/link";
import { CardSection } from "@/components/app/card-section";
import { ScheduleMaintenance } from "@/components/maintenance/schedule-maintenance";
import type { ServerDto } from "@/lib/servers/schema";
import { ServerChannels } from "./channels/server-channels";
import { PauseAlerts } from "./pause-alerts";

/** A server's Monitoring tab: pause its alerts, choose where they go, or schedule maintenance for it (the rest of the windows are in Settings). */
export function ServerAlertsCard({ server }: { server: Pick<ServerDto, "id" | "name" | "status" | "monitoring"> }) {
  return (
    <CardSection
      title="Alerts and maintenance"
      action={
        <ScheduleMaintenance servers={[server]} compact />
      }
    >
      <p className="text-sm text-muted-foreground">
        Pause this server’s alerts, or plan work on it. Every window is listed in{" "}
        <Link href="/settings#maintenance" className="font-medium text-primary underline-offset-4 hover:underline">
          Settings → Maintenance
        </Link>
        .
      </p>
      <PauseAlerts server={server} />
      <ServerChannels serverId={server.id} />
    </CardSection>
  );
}
