import { Archive, Waypoints } from "lucide-react";

import { formatMs } from "@/components/app/format-time";
import { Badge } from "@/components/ui/badge";

/**
 * What an answer says about itself beyond its content: the MCP revision it
 * was spoken in, and the cache hint a 2026-07-28 server puts on results that
 * may be reused (a resource read, a list): for how long, and by whom.
 */

export interface CacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

/** The result's cache hint; none for a 2025 server's answer, or a result that carries no hint (a tool's). */
export function cacheHintOf(result: unknown): CacheHint | undefined {
  const hinted = result as { ttlMs?: unknown; cacheScope?: unknown } | null | undefined;
  const { ttlMs, cacheScope } = hinted ?? {};
  if (typeof ttlMs !== "number" || ttlMs < 0 || (cacheScope !== "public" && cacheScope !== "private")) return undefined;
  return { ttlMs, cacheScope };
}

/** "30 s", "5 min", "2 h": a time to live reads in whole units where it has them. */
function formatTtl(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return formatMs(ms);
}

export function RevisionBadge({ version }: { version: string }) {
  return (
    <Badge variant="outline" title="The MCP revision the call was spoken in">
      <Waypoints aria-hidden="true" />
      <span className="sr-only">Revision: </span>MCP {version}
    </Badge>
  );
}

export function CacheHintBadge({ hint }: { hint: CacheHint }) {
  const who = hint.cacheScope === "public" ? "by any client" : "by this user only";
  const reuse = hint.ttlMs === 0 ? "no reuse" : formatTtl(hint.ttlMs);
  return (
    <Badge variant="outline" title={hint.ttlMs === 0 ? "The server asks that this answer not be reused" : `The server allows this answer to be reused for ${reuse}, ${who}`}>
      <Archive aria-hidden="true" />
      <span className="sr-only">Cache hint: </span>
      {reuse} · {hint.cacheScope}
    </Badge>
  );
}
