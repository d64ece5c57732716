"use client";

import { useId, useMemo, useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import {
  clearDebugLog,
  getDebugLog,
  subscribeDebugLog,
  type DebugLogEntry,
} from "@/lib/debug-log";
import { readDebugSwitch, subscribeDebugSwitch, turnDebugOff } from "@/lib/auth/debug-switch";
import { cn } from "@/lib/utils";

const NO_ENTRIES: readonly DebugLogEntry[] = [];
// The server never has this tab's log; an empty snapshot keeps hydration consistent.
const getServerSnapshot = () => NO_ENTRIES;
const hiddenOnServer = () => false;

function formatDetails(details: unknown): string {
  if (typeof details === "string") return details;
  try {
    return JSON.stringify(details, null, 2) ?? String(details);
  } catch {
    // Circular structures and BigInts cannot be serialised; still show something.
    return String(details);
  }
}

/**
 * Developer aid, shown only to a browser that turned debugging on
 * (`?debug=auth`, see lib/auth/debug-switch.ts); collapsed even then. The
 * log itself is always kept, so turning the panel on shows what came before.
 */
export function AuthDebugPanel({ className }: { className?: string }) {
  const shown = useSyncExternalStore(subscribeDebugSwitch, readDebugSwitch, hiddenOnServer);
  if (!shown) return null;
  return <DebugLog className={className} />;
}

function DebugLog({ className }: { className?: string }) {
  const entries = useSyncExternalStore(subscribeDebugLog, getDebugLog, getServerSnapshot);
  const newestFirst = useMemo(() => [...entries].reverse(), [entries]);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <section aria-label="Auth debug log" className={cn("mx-4 mb-2 rounded-md border bg-background text-xs sm:mx-6", className)}>
      <div className="flex items-center gap-2 pr-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex flex-1 items-center px-3 py-2 font-medium focus-visible:ring-2 focus-visible:ring-ring outline-hidden"
        >
          Auth debug log
        </button>
        <Button type="button" size="sm" variant="ghost" onClick={turnDebugOff}>
          Hide
        </Button>
      </div>
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
                  <pre className="mt-1 whitespace-pre-wrap wrap-anywhere">{formatDetails(entry.details)}</pre>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
