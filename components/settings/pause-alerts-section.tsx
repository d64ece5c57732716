"use client";

import { PauseAlerts } from "@/components/alerts/pause-alerts";
import { useServers } from "@/lib/servers/hooks";
import { SettingsSection } from "./settings-section";

/** /settings#pause-alerts: hold alerts back for one server or all, for a while; who and why go to the activity log. */
export function PauseAlertsSection() {
  const servers = useServers();
  return (
    <SettingsSection
      id="pause-alerts"
      title="Pause alerts"
      description="While alerts are paused, outages are still recorded, and the alerts they would send are listed under Notifications as not sent."
    >
      <PauseAlerts servers={(servers.data ?? []).map(({ id, name }) => ({ id, name }))} />
    </SettingsSection>
  );
}
