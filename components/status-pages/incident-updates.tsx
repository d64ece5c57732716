import { cn } from "@/lib/utils";
import { formatUtc } from "./format-utc";

/** The updates the owner posted on an incident, oldest first; nothing when there are none. */
export function IncidentUpdates({ updates, className }: { updates: { body: string; createdAt: string }[]; className?: string }) {
  if (updates.length === 0) return null;
  return (
    <ol className={cn("flex flex-col gap-2 border-l-2 pl-3", className)} aria-label="Updates">
      {updates.map((u) => (
        <li key={u.createdAt} className="flex flex-col gap-0.5">
          <time dateTime={u.createdAt} className="text-xs text-muted-foreground">
            {formatUtc(u.createdAt)}
          </time>
          <p className="text-sm whitespace-pre-line break-words">{u.body}</p>
        </li>
      ))}
    </ol>
  );
}
