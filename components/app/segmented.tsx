"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** One choice out of a few, shown side by side (a list's filter, a chart's range): buttons that say which is pressed. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** Names the group for screen readers. */
  label: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex w-fit max-w-full flex-wrap rounded-md border p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            "inline-flex h-7 items-center gap-1 rounded-sm px-2.5 text-xs font-medium whitespace-nowrap transition-colors outline-hidden",
            "focus-visible:ring-2 focus-visible:ring-ring",
            value === o.value ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
