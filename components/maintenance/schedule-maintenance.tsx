"use client";

import { CalendarClock, Plus } from "lucide-react";
import { useState } from "react";
import { MaintenanceForm } from "@/components/maintenance/maintenance-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useScheduleMaintenance } from "@/lib/maintenance/hooks";

/**
 * "Schedule maintenance" and its dialog: for one server (its Monitoring tab,
 * a small button) or for any of the person's servers (Settings → Maintenance).
 */
export function ScheduleMaintenance({ servers, compact = false }: { servers: { id: string; name: string }[]; compact?: boolean }) {
  const schedule = useScheduleMaintenance();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={compact ? "outline" : "default"} size={compact ? "sm" : "default"} className={compact ? undefined : "w-fit"} onClick={() => setOpen(true)}>
        {compact ? <CalendarClock aria-hidden="true" /> : <Plus aria-hidden="true" />}
        Schedule maintenance
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Schedule maintenance</DialogTitle>
          <DialogDescription>Checks keep running; failures in the window open no incident and send no alert.</DialogDescription>
        </DialogHeader>
        <MaintenanceForm
          servers={servers}
          onCancel={() => setOpen(false)}
          onSubmit={async (input) => {
            await schedule.mutateAsync(input);
            setOpen(false);
            toast({ title: "Maintenance scheduled", description: servers.length === 1 ? servers[0].name : undefined });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
