"use client";

import { CalendarClock } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { CardSection } from "@/components/app/card-section";
import { MaintenanceForm } from "@/components/maintenance/maintenance-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useScheduleMaintenance } from "@/lib/maintenance/hooks";
import { PauseAlerts } from "./pause-alerts";

/** A server's Monitoring tab: pause its alerts, or schedule maintenance for it (the rest of the windows are in Settings). */
export function ServerAlertsCard({ server }: { server: { id: string; name: string } }) {
  const schedule = useScheduleMaintenance();
  const [open, setOpen] = useState(false);
  return (
    <CardSection
      title="Alerts and maintenance"
      action={
        <Dialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <CalendarClock aria-hidden="true" />
            Schedule maintenance
          </Button>
          <DialogContent className="max-h-[90vh] overflow-y-auto">
            <DialogHeader>
              <DialogTitle>Schedule maintenance</DialogTitle>
              <DialogDescription>Checks keep running; failures in the window open no incident and send no alert.</DialogDescription>
            </DialogHeader>
            <MaintenanceForm
              servers={[server]}
              onCancel={() => setOpen(false)}
              onSubmit={async (input) => {
                await schedule.mutateAsync(input);
                setOpen(false);
                toast({ title: "Maintenance scheduled", description: server.name });
              }}
            />
          </DialogContent>
        </Dialog>
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
    </CardSection>
  );
}
