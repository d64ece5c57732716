import { RelativeTime } from "@/components/app/relative-time";
import type { ServerDto } from "@/lib/servers/schema";
import { cn } from "@/lib/utils";
import { TRIGGER_LABEL } from "./check-trigger";

/**
 * Where the server's status comes from: its latest check, what ran it and
 * when ("scheduled check, 2 minutes ago"). Every screen that shows a status
 * shows this beside it, so they all tell the same story.
 */
export function StatusSource({ server, className }: { server: Pick<ServerDto, "status" | "lastCheck" | "lastCheckAt">; className?: string }) {
  if (server.status === "paused") return <span className={cn("text-xs text-muted-foreground", className)}>Checks paused</span>;
  if (!server.lastCheck || !server.lastCheckAt) return <span className={cn("text-xs text-muted-foreground", className)}>Not checked yet</span>;
  return (
    <span className={cn("text-xs text-muted-foreground", className)}>
      {TRIGGER_LABEL[server.lastCheck.trigger]}, <RelativeTime iso={server.lastCheckAt} />
    </span>
  );
}
