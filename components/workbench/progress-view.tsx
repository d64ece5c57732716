"use client";

import { useId } from "react";

import { cn } from "@/lib/utils";

interface ProgressViewProps {
  /** Progress so far, as the server reports it (it only ever grows). */
  progress?: number;
  /** Total when known: without it the bar is indeterminate. */
  total?: number;
  /** The server's latest message, announced politely. */
  message?: string;
  /** Names the bar; "Call progress" by default. */
  label?: string;
  className?: string;
}

/** Progress notifications of a running call: a determinate bar when the total is known, else an indeterminate one. */
export function ProgressView({ progress, total, message, label = "Call progress", className }: ProgressViewProps) {
  const labelId = useId();
  const determinate = progress !== undefined && total !== undefined && total > 0;
  const percent = determinate ? Math.min(100, Math.max(0, Math.round((progress / total) * 100))) : undefined;
  const summary = determinate
    ? `${progress} of ${total} (${percent}%)`
    : progress !== undefined
      ? `${progress} so far`
      : "Working…";

  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">{summary}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? total : undefined}
        aria-valuenow={determinate ? progress : undefined}
        aria-valuetext={determinate ? summary : undefined}
        className="relative h-2 overflow-hidden rounded-full bg-muted"
      >
        {determinate ? (
          <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
        ) : (
          <div className="h-full w-full rounded-full bg-primary/60 motion-safe:animate-pulse" />
        )}
      </div>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {message ?? ""}
      </p>
    </div>
  );
}
