"use client";

import { BellOff } from "lucide-react";
import { LocalTime } from "@/components/app/local-time";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useResumeAlerts } from "@/lib/alerts/silence-hooks";
import type { SilenceDto } from "@/lib/alerts/silence-schema";

/** Pauses of alerts in force: for which servers, until when and why, each with Resume. */
export function SilenceList({ silences }: { silences: SilenceDto[] }) {
  const resume = useResumeAlerts();
  return (
    <ul className="flex flex-col gap-2" aria-label="Paused alerts">
      {silences.map((s) => (
        <li key={s.id} className="flex flex-col gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 flex-col gap-0.5 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <BellOff aria-hidden="true" className="size-4 shrink-0" />
              Alerts paused for {s.server ? s.server.name : "all servers"}
            </p>
            <p className="break-words text-muted-foreground">
              {s.endsAt ? (
                <>
                  Until <LocalTime iso={s.endsAt} />
                </>
              ) : (
                "Until you resume them"
              )}
              {" · "}
              {s.reason}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="w-fit shrink-0"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(s.id, {
                onSuccess: () => toast({ title: "Alerts resumed" }),
                onError: (err) => toast({ title: "Not resumed", description: failureMessage(err), variant: "destructive" }),
              })
            }
          >
            Resume alerts
          </Button>
        </li>
      ))}
    </ul>
  );
}
