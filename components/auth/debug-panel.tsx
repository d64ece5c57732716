"use client";

import { useId, useMemo, useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import {
  clearDebugLog,
  getDebugLog,
  subscribeDebugLog,
  type DebugLogEntry,
} from "@/lib/auth/debug-log";
import { cn } from "@/lib/utils";

const NO_ENTRIES: readonly DebugLogEntry[] = [];
// The server never has this tab's log; an empty snapshot keeps hydration consistent.
const getServerSnapshot = () => NO_ENTRIES;

function formatDetails(details: unknown): string {
  if (typeof details === "string") return details;
  try {
    return JSON.stringify(details, null, 2) ?? String(details);
  } catch {
    // Circular structures and BigInts cannot be serialised; still show something.
    return String(details);
  }
}

/** Developer aid: collapsed by default so it never gets in a user's way. */
export function AuthDebugPanel({ className }: { className?: string }) {
  const entries = useSyncExternalStore(subscribeDebugLog, getDebugLog, getServerSnapshot);
  const newestFirst = useMemo(() => [...entries].reverse(), [entries]);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <section className={cn("rounded-md border bg-background text-xs", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between px-3 py-2 font-medium focus-visible:ring-2 focus-visible:ring-ring outline-hidden"
      >
        Auth debug log
      </button>
      <div id={panelId} hidden={!open} className="border-t px-3 py-2">
        <div className="mb-2 flex items-center justify-between gap-2">
          <p>
            {entries.length === 1 ? "1 entry" : `${entries.length} entries`}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={clearDebugLog} disabled={entries.length === 0}>
            Clear
          </Button>
        </div>
        {newestFirst.length > 0 ? (
          <ol className="max-h-80 space-y-2 overflow-auto" aria-label="Auth debug entries, newest first">
            {newestFirst.map((entry, index) => (
              <li key={`${entry.timestamp}-${newestFirst.length - index}`} className="rounded bg-muted p-2">
                <div className="flex gap-2">
                  <time dateTime={entry.timestamp} className="text-muted-foreground">
                    {entry.timestamp}
                  </time>
                  <span className="font-semibold">{entry.event}</span>
                </div>
                {entry.details !== undefined ? (
                  <pre className="mt-1 whitespace-pre-wrap break-all">{formatDetails(entry.details)}</pre>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
