"use client";

import { CalendarClock, Trash2 } from "lucide-react";
import { useNow } from "@/components/app/clock";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { LoadError } from "@/components/app/load-error";
import { LocalTime } from "@/components/app/local-time";
import { SettingsSection } from "@/components/settings/settings-section";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useCancelMaintenance, useMaintenance } from "@/lib/maintenance/hooks";
import type { MaintenanceDto } from "@/lib/maintenance/schema";
import { useServers } from "@/lib/servers/hooks";
import { ScheduleMaintenance } from "@/components/maintenance/schedule-maintenance";

function phase(w: MaintenanceDto, now: number) {
  if (Date.parse(w.endsAt) <= now) return { label: "Over", variant: "outline" as const };
  if (Date.parse(w.startsAt) <= now) return { label: "In progress", variant: "warning" as const };
  return { label: "Upcoming", variant: "secondary" as const };
}

/** /settings#maintenance: windows in which failed checks open no incident and send no alert; status pages announce them. */
export function MaintenanceSection() {
  const windows = useMaintenance();
  const servers = useServers();
  const cancel = useCancelMaintenance();
  const list = windows.data ?? [];
  const now = useNow();

  return (
    <SettingsSection
      id="maintenance"
      title="Maintenance"
      description="Planned work on your servers. During a window, failed checks open no incident and send no alert, and your status pages show it as scheduled maintenance."
    >
      {windows.isPending ? (
        <Skeleton className="h-16" />
      ) : windows.isError ? (
        <LoadError what="your maintenance windows" query={windows} />
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          No maintenance scheduled.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Maintenance windows">
          {list.map((w) => {
            const p = phase(w, now);
            return (
              <li key={w.id} className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant={p.variant}>{p.label}</Badge>
                    <span>
                      <LocalTime iso={w.startsAt} /> to <LocalTime iso={w.endsAt} />
                    </span>
                  </p>
                  <p className="text-sm font-medium break-words">{w.servers.map((s) => s.name).join(", ")}</p>
                  {w.note ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{w.note}</p> : null}
                </div>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" className="w-fit shrink-0 text-destructive">
                      <Trash2 aria-hidden="true" />
                      {p.label === "Over" ? "Remove" : "Cancel window"}
                    </Button>
                  }
                  title="Cancel this maintenance?"
                  description="Failed checks of these servers open incidents and send alerts again at once, and status pages stop announcing it."
                  cancel="Keep it"
                  action="Cancel maintenance"
                  onConfirm={() =>
                    cancel.mutate(w.id, {
                      onSuccess: () => toast({ title: "Maintenance cancelled" }),
                      onError: (err) => toast({ title: "Not cancelled", description: failureMessage(err), variant: "destructive" }),
                    })
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <ScheduleMaintenance servers={(servers.data ?? []).map(({ id, name }) => ({ id, name }))} />
    </SettingsSection>
  );
}
