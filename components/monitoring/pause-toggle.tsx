"use client";

import { Pause, Play } from "lucide-react";
import { failureMessage } from "@/lib/api-client/api-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useUpdateServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import { toast } from "@/components/ui/use-toast";

/** Whether there are checks to pause (or paused ones to resume): with scheduled checks off there is nothing to pause. */
export const canPause = (server: Pick<ServerDto, "status" | "monitoring">) => server.status === "paused" || server.monitoring.enabled;

/** Pauses a server's checks (status Paused) or resumes them. */
export function PauseToggle({ server, size = "default" }: { server: Pick<ServerDto, "id" | "name" | "status">; size?: "default" | "sm" }) {
  const update = useUpdateServer(server.id);
  const paused = server.status === "paused";
  function toggle() {
    update.mutate(
      { paused: !paused },
      {
        onSuccess: (s) => toast({ title: paused ? "Checks resumed" : "Checks paused", description: s.name }),
        onError: (err) => toast({ title: paused ? "Could not resume" : "Could not pause", description: failureMessage(err), variant: "destructive" }),
      },
    );
  }
  return (
    <Button variant="outline" size={size} onClick={toggle} disabled={update.isPending}>
      {update.isPending ? <Spinner size="sm" className="text-current" aria-label="Saving" /> : paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
      {paused ? "Resume checks" : "Pause checks"}
    </Button>
  );
}
