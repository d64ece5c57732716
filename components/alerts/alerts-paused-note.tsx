"use client";

import { BellOff } from "lucide-react";
import { useSilences } from "@/lib/alerts/silence-hooks";
import { cn } from "@/lib/utils";

/**
 * "Alerts paused" beside a server's status in the servers list, while a pause
 * covers it (its own, or the every-server one), as the dashboard and the
 * server page say it; nothing otherwise. The pauses are one query for the
 * whole list.
 */
export function AlertsPausedNote({ serverId, className }: { serverId: string; className?: string }) {
  const silences = useSilences();
  const paused = (silences.data ?? []).some((s) => s.server === null || s.server.id === serverId);
  if (!paused) return null;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", className)}>
      <BellOff aria-hidden="true" className="size-3.5 shrink-0" />
      Alerts paused
    </span>
  );
}
