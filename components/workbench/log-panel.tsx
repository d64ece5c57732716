"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { ArrowDown, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Syslog levels, as MCP's `notifications/message` uses them. */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

export interface LogEntry {
  level: LogLevel | string;
  logger?: string;
  data: unknown;
  /** When it arrived: a Date, epoch milliseconds or an ISO string. */
  time: Date | number | string;
}

interface LogPanelProps {
  /** Append-only: Clear hides what is there now and keeps showing what comes after. */
  entries: LogEntry[];
  /** Called after Clear, for a caller that also wants to drop the entries it holds. */
  onClear?: () => void;
  label?: string;
  className?: string;
}

const LEVEL_STYLES: Record<string, string> = {
  debug: "text-muted-foreground",
  info: "text-primary",
  notice: "text-primary",
  warning: "text-warning",
  error: "text-destructive",
  critical: "text-destructive",
  alert: "text-destructive",
  emergency: "text-destructive",
};

const SEVERE = new Set(["error", "critical", "alert", "emergency"]);

/** Within this many pixels of the bottom counts as "at the bottom": following stays on. */
const BOTTOM_SLACK = 8;

function timeOf(time: LogEntry["time"]): { iso?: string; text: string } {
  const d = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(d.getTime())) return { text: String(time) };
  return { iso: d.toISOString(), text: d.toLocaleTimeString(undefined, { hour12: false }) };
}

function dataText(data: unknown): string {
  if (typeof data === "string") return data;
  return JSON.stringify(data) ?? String(data);
}

/**
 * Server log messages as they arrive. It follows new entries while scrolled to
 * the bottom; once the reader scrolls up it stays put and offers a way back.
 */
export function LogPanel({ entries, onClear, label = "Server log", className }: LogPanelProps) {
  const [clearedAfter, setClearedAfter] = useState<LogEntry | null>(null);
  const [following, setFollowing] = useState(true);
  const [seenCount, setSeenCount] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  const start = clearedAfter ? entries.lastIndexOf(clearedAfter) + 1 : 0;
  const visible = entries.slice(start);
  const unseen = following ? 0 : Math.max(0, visible.length - seenCount);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [visible.length, following]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
    if (atBottom !== following) {
      setFollowing(atBottom);
      setSeenCount(visible.length);
    }
  }

  function jumpToLatest() {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    setFollowing(true);
  }

  return (
    <div className={cn("grid min-w-0 gap-2 rounded-lg border p-3", className)}>
      <div className="flex items-center gap-2">
        <p className="text-sm font-medium">{label}</p>
        <span className="text-xs text-muted-foreground">
          {visible.length} {visible.length === 1 ? "message" : "messages"}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto h-7 px-2"
          disabled={visible.length === 0}
          onClick={() => {
            setClearedAfter(entries.at(-1) ?? null);
            setSeenCount(0);
            setFollowing(true);
            onClear?.();
          }}
        >
          <Trash2 aria-hidden="true" />
          Clear<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <div className="relative">
        <div
          ref={scroller}
          role="log"
          aria-label={label}
          tabIndex={0}
          onScroll={onScroll}
          className="max-h-64 min-h-16 overflow-auto rounded-md bg-muted/40 p-2 font-mono text-xs outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible.length === 0 ? (
            <p className="text-muted-foreground">No log messages yet.</p>
          ) : (
            <ol className="grid gap-0.5">
              {visible.map((entry, i) => {
                const time = timeOf(entry.time);
                const level = String(entry.level).toLowerCase();
                return (
                  <li
                    key={start + i}
                    className={cn(
                      "flex flex-wrap items-baseline gap-x-2 rounded-sm px-1",
                      SEVERE.has(level) && "bg-destructive/10",
                    )}
                  >
                    {/* Local time: a server render in another zone would differ, and that is expected. */}
                    <time dateTime={time.iso} suppressHydrationWarning className="text-muted-foreground tabular-nums">
                      {time.text}
                    </time>
                    <span className={cn("w-16 shrink-0 font-semibold uppercase", LEVEL_STYLES[level] ?? "text-foreground")}>
                      {level}
                    </span>
                    {entry.logger ? <span className="text-muted-foreground">[{entry.logger}]</span> : null}
                    <span className="min-w-0 flex-1 break-words whitespace-pre-wrap">{dataText(entry.data)}</span>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        {!following ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            className="absolute right-3 bottom-2 h-7 shadow-md"
            onClick={jumpToLatest}
          >
            <ArrowDown aria-hidden="true" />
            {unseen > 0 ? `${unseen} new, jump to latest` : "Jump to latest"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
