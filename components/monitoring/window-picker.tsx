"use client";

import { Lock } from "lucide-react";
import type { LatencyRange } from "@/lib/monitoring/schema";
import { cn } from "@/lib/utils";
import { WINDOW_LABEL } from "./format-uptime";

/** Which window the charts show; a window beyond the plan can be chosen too, to see what it would unlock. */
export function WindowPicker<W extends LatencyRange>({
  windows,
  value,
  onChange,
  isLocked,
}: {
  windows: readonly W[];
  value: W;
  onChange: (window: W) => void;
  isLocked: (window: W) => boolean;
}) {
  return (
    <div role="group" aria-label="Time window" className="inline-flex w-fit rounded-md border p-0.5">
      {windows.map((w) => {
        const locked = isLocked(w);
        const selected = value === w;
        return (
          <button
            key={w}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(w)}
            className={cn(
              "inline-flex h-7 items-center gap-1 rounded-sm px-2.5 text-xs font-medium whitespace-nowrap transition-colors outline-hidden",
              "focus-visible:ring-2 focus-visible:ring-ring",
              selected ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            )}
          >
            {locked ? <Lock aria-hidden="true" className="size-3" /> : null}
            <span aria-hidden="true">{WINDOW_LABEL[w].short}</span>
            <span className="sr-only">
              {WINDOW_LABEL[w].long}
              {locked ? " (not on your plan)" : ""}
            </span>
          </button>
        );
      })}
    </div>
  );
}
