import { Badge } from "@/components/ui/badge";
import { PROTOCOL_AUTO } from "@/lib/mcp/protocol-revisions";
import type { ServerDto } from "@/lib/servers/schema";
import { cn } from "@/lib/utils";

/**
 * The protocol revision actually spoken with a server (known once it has
 * been reached), and whether its owner pinned it. `compact` (the list) puts
 * a dash for "not known yet".
 */
export function ProtocolRevision({ server, compact = false, className }: { server: Pick<ServerDto, "protocol" | "serverInfo">; compact?: boolean; className?: string }) {
  const spoken = server.serverInfo?.protocolVersion;
  const pinned = server.protocol !== PROTOCOL_AUTO;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1.5", className)}>
      {spoken ? (
        <span className="font-mono">{spoken}</span>
      ) : compact ? (
        <span className="text-muted-foreground">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not known yet</span>
        </span>
      ) : (
        <span className="text-muted-foreground">Not known yet</span>
      )}
      {/* A pin the server has not been reached with yet (never, or since it changed) is named. */}
      {pinned ? <Badge variant="outline">{spoken === server.protocol ? "pinned" : `pinned to ${server.protocol}`}</Badge> : null}
    </span>
  );
}
