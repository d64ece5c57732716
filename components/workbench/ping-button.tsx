"use client";

import { Activity } from "lucide-react";
import { useEffect } from "react";
import { formatMs } from "@/components/app/format-time";
import { Button } from "@/components/ui/button";
import { useCall } from "@/lib/workbench/use-call";
import { pendingFor, type RerunProps } from "./rerun";

/** Pings the server through the console and shows the round trip (a 2026-07-28 server, which has no ping, is asked server/discover). */
export function PingButton({ serverId, rerun, onRerunStarted }: { serverId: string } & RerunProps) {
  const { state, run } = useCall(serverId);
  const running = state.status === "running";

  useEffect(() => {
    if (!pendingFor(rerun, serverId, "ping")) return;
    onRerunStarted();
    void run({ method: "ping" });
  }, [rerun, serverId, run, onRerunStarted]);

  return (
    <div className="flex items-center gap-2">
      <Button type="button" variant="outline" disabled={running} aria-busy={running} onClick={() => void run({ method: "ping" })}>
        <Activity aria-hidden="true" />
        {running ? "Pinging…" : "Ping"}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {state.status === "done" && state.durationMs !== undefined ? `Round trip ${formatMs(state.durationMs)}` : null}
        {state.status === "failed" ? <span className="text-destructive">Ping failed: {state.error?.message}</span> : null}
      </p>
    </div>
  );
}
