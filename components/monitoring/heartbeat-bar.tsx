"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useNow } from "@/components/app/clock";
import { formatExactTime, formatMs, formatRelativeTime } from "@/components/app/format-time";
import type { Heartbeat } from "@/lib/servers/schema";
import { cn } from "@/lib/utils";
import { CHECK_RESULT_META } from "./check-result";
import { TRIGGER_LABEL } from "./check-trigger";

/** One check in words: how it went, how fast, when, what ran it and, when it went wrong, why. */
export function describeBeat(beat: Heartbeat, now: number): string {
  const parts = [CHECK_RESULT_META[beat.result].label, formatMs(beat.latencyMs), formatRelativeTime(beat.at, now), TRIGGER_LABEL[beat.trigger]];
  return `${parts.join(" · ")}${beat.reason ? `: ${beat.reason}` : ""}`;
}

/** "28 up, 1 slow, 1 failed": the bar's content in one line for a screen reader's first pass. */
export function beatCounts(beats: readonly Heartbeat[]): string {
  const counts = (["up", "degraded", "failed"] as const)
    .map((r) => [CHECK_RESULT_META[r].label.toLowerCase(), beats.filter((b) => b.result === r).length] as const)
    .filter(([, n]) => n > 0);
  return counts.map(([label, n]) => `${n} ${label}`).join(", ");
}

/**
 * The latest checks as coloured bars, oldest on the left, like a heartbeat
 * monitor. Hovering or focusing a bar shows its time, latency and reason.
 * The bar is one stop in the tab order: the arrow keys, Home and End move
 * between checks, and a screen reader reads each one as it gets focus.
 */
export function HeartbeatBar({ beats, serverName, className }: { beats: readonly Heartbeat[]; serverName: string; className?: string }) {
  const now = useNow();
  const id = useId();
  // The check shown in the tooltip, and where: fixed to the viewport, so that a table's scrolling box does not clip it.
  const [active, setActive] = useState<{ index: number; x: number; y: number } | null>(null);
  // The bar that takes focus when tabbing in: the newest, until the person moves.
  const [current, setCurrent] = useState(beats.length - 1);
  const items = useRef<(HTMLLIElement | null)[]>([]);

  if (beats.length === 0) return <p className={cn("text-xs text-muted-foreground", className)}>No checks yet</p>;

  const focusAt = (i: number) => {
    const next = Math.max(0, Math.min(beats.length - 1, i));
    setCurrent(next);
    items.current[next]?.focus();
  };
  function onKeyDown(e: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: beats.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    focusAt(moves[e.key]);
  }
  const shown = active === null ? null : beats[active.index];
  const show = (index: number) => {
    const rect = items.current[index]?.getBoundingClientRect();
    // Kept within the viewport: the tooltip is centred on the bar, and is at most 18rem wide.
    const half = 152;
    if (rect) setActive({ index, x: Math.min(Math.max(rect.left + rect.width / 2, half), window.innerWidth - half), y: rect.top });
  };

  return (
    <div className={cn("relative", className)} data-testid="heartbeat-bar">
      <ol
        aria-label={`Last ${beats.length} checks of ${serverName}, oldest first: ${beatCounts(beats)}`}
        className="flex h-6 items-stretch gap-px"
        onKeyDown={onKeyDown}
        onMouseLeave={() => setActive(null)}
      >
        {beats.map((beat, i) => (
          <li
            key={beat.at}
            ref={(el) => {
              items.current[i] = el;
            }}
            tabIndex={i === Math.min(current, beats.length - 1) ? 0 : -1}
            aria-label={describeBeat(beat, now)}
            aria-describedby={active?.index === i ? `${id}-detail` : undefined}
            data-result={beat.result}
            onMouseEnter={() => show(i)}
            onFocus={() => {
              show(i);
              setCurrent(i);
            }}
            onBlur={() => setActive(null)}
            className={cn(
              "w-1.5 shrink-0 rounded-[2px] outline-hidden hover:opacity-70 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
              CHECK_RESULT_META[beat.result].fillClass,
            )}
          />
        ))}
      </ol>
      {shown && active ? (
        <div
          id={`${id}-detail`}
          role="tooltip"
          style={{ left: active.x, top: active.y }}
          className="pointer-events-none fixed z-50 mt-[-6px] w-max max-w-72 -translate-x-1/2 -translate-y-full rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md"
        >
          <p className="font-medium">
            {CHECK_RESULT_META[shown.result].label} · {formatMs(shown.latencyMs)}
          </p>
          <p className="text-muted-foreground">
            {formatExactTime(shown.at)} · {TRIGGER_LABEL[shown.trigger]}
          </p>
          {shown.reason ? <p className="mt-0.5 break-words">{shown.reason}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
