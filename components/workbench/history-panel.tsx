"use client";

import { ChevronRight, History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RelativeTime } from "@/components/app/relative-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { DurationBadge } from "./results/duration-badge";
import { JsonView } from "./results/json-view";
import { cn } from "@/lib/utils";
import { useHistory, useHistoryEntry } from "@/lib/workbench/hooks";
import type { HistoryEntry } from "@/lib/workbench/schema";

const METHOD_LABELS: Record<HistoryEntry["method"], string> = {
  "tools/call": "Tool",
  "resources/read": "Resource",
  "prompts/get": "Prompt",
  ping: "Ping",
};

const describe = (entry: HistoryEntry) => `${METHOD_LABELS[entry.method]}${entry.target ? ` ${entry.target}` : ""}`;

function Details({ id }: { id: string }) {
  const detail = useHistoryEntry(id);
  if (detail.isPending) return <Skeleton className="h-16 w-full" />;
  if (detail.isError) return <p className="text-xs text-destructive">Could not load this call.</p>;
  return (
    <div className="grid gap-2">
      {/* What the history keeps is small (see boundedCopy): shown open. */}
      <JsonView value={detail.data.params} label="Arguments" collapsedDepth={4} />
      <JsonView value={detail.data.result} label={detail.data.ok ? "Result (as kept)" : "Error"} collapsedDepth={4} />
    </div>
  );
}

function Entry({ entry, showServer, onRerun }: { entry: HistoryEntry; showServer: boolean; onRerun: (entry: HistoryEntry) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="grid min-w-0 gap-1.5 rounded-md border p-2.5 text-sm">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex min-w-0 items-start gap-1 rounded-sm text-left outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0 transition-transform", open && "rotate-90")} />
        <span className="min-w-0">
          <span className="block font-mono text-xs font-medium wrap-anywhere">{describe(entry)}</span>
          <span className="line-clamp-2 block text-xs wrap-anywhere text-muted-foreground">{entry.summary}</span>
        </span>
      </button>
      <div className="flex flex-wrap items-center gap-1.5 pl-5 text-xs text-muted-foreground">
        <Badge variant={entry.ok ? "success" : entry.cancelled ? "secondary" : "destructive"} className="px-1.5 text-[11px]">
          {entry.ok ? "ok" : entry.cancelled ? "cancelled" : "error"}
        </Badge>
        <DurationBadge ms={entry.durationMs} className="px-1.5 text-[11px]" />
        {showServer ? <span className="truncate">{entry.serverName}</span> : null}
        <RelativeTime iso={entry.createdAt} />
        <Button type="button" size="sm" variant="outline" className="ml-auto h-7 px-2" aria-label={`Run again: ${describe(entry)}`} onClick={() => onRerun(entry)}>
          <RotateCcw aria-hidden="true" />
          Run again
        </Button>
      </div>
      {open ? (
        <div className="min-w-0 pl-5">
          <Details id={entry.id} />
        </div>
      ) : null}
    </li>
  );
}

/** The user's calls, newest first, each one click from running again. */
export function HistoryPanel({ serverId, onRerun }: { serverId: string; onRerun: (entry: HistoryEntry) => void }) {
  const [allServers, setAllServers] = useState(false);
  const history = useHistory(allServers ? undefined : serverId);

  return (
    <section aria-labelledby="wb-history-heading" className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="wb-history-heading" className="flex items-center gap-2 text-sm font-semibold">
          <History aria-hidden="true" className="size-4" />
          History
        </h2>
        <div className="flex items-center gap-2">
          <Switch id="wb-history-all" checked={allServers} onCheckedChange={setAllServers} />
          <Label htmlFor="wb-history-all" className="text-xs">
            All servers
          </Label>
        </div>
      </div>
      {history.isPending ? (
        <Loading label="Loading the history…" className="grid gap-2">
          <SkeletonRows className="h-14 w-full" />
        </Loading>
      ) : history.isError ? (
        <LoadError what="the history" query={history} />
      ) : history.data.calls.length === 0 ? (
        <p className="text-sm text-muted-foreground">No calls yet. What you run here is kept, the last 100 calls, also after you sign out.</p>
      ) : (
        // Relative, so that the list clips its entries' screen-reader text (sr-only, absolutely positioned) with them: else a
        // long history stretches the page below its end (as json-view.tsx).
        <ol aria-label="Recent calls" className="relative grid max-h-[40rem] gap-2 overflow-y-auto pr-1">
          {history.data.calls.map((entry) => (
            <Entry key={entry.id} entry={entry} showServer={allServers} onRerun={onRerun} />
          ))}
        </ol>
      )}
    </section>
  );
}
