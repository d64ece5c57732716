"use client";

import { useEffect, useRef } from "react";
import type { DefinitionSides, SideLine } from "@/lib/gateways/definition-sides";
import { cn } from "@/lib/utils";

/**
 * An approved definition and the one offered now, side by side from a
 * laptop's width and one above the other on a phone. What changed is both
 * tinted and underlined (not told by colour alone), and read out as a
 * deletion or an insertion. Each side opens scrolled to its first change,
 * which in a long definition would otherwise sit below the fold.
 */

const MARK = "rounded-sm text-foreground underline decoration-2 underline-offset-2";

function Line({ line, side }: { line: SideLine; side: "before" | "after" }) {
  if (!line.mark) return <span className="block min-h-[1lh]">{line.text}</span>;
  // Nothing of this side changed on the line, but the other side's change is here: both open at the same place.
  if (line.mark[0] === line.mark[1])
    return (
      <span className="block min-h-[1lh]" data-changed="">
        {line.text}
      </span>
    );
  const [start, end] = line.mark;
  const changed = line.text.slice(start, end);
  return (
    <span className="block min-h-[1lh]" data-changed="">
      {line.text.slice(0, start)}
      {side === "before" ? (
        <del className={cn(MARK, "bg-destructive/20 decoration-destructive")}>{changed}</del>
      ) : (
        <ins className={cn(MARK, "bg-success/25 decoration-success")}>{changed}</ins>
      )}
      {line.text.slice(end)}
    </span>
  );
}

function Side({ label, lines, side }: { label: string; lines: SideLine[] | null; side: "before" | "after" }) {
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>("[data-changed]");
    // The two lines before it stay in view, for context.
    const from = first?.previousElementSibling?.previousElementSibling ?? first?.previousElementSibling ?? first;
    if (box.current && from instanceof HTMLElement) box.current.scrollTop = from.offsetTop;
  }, [lines]);
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      {lines ? (
        <pre
          ref={box}
          // A region of its own: it scrolls, so it takes focus and is named for who reaches it by keyboard.
          role="region"
          tabIndex={0}
          aria-label={label}
          data-side={side}
          className="relative max-h-80 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-words focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          {lines.map((line, i) => (
            <Line key={i} line={line} side={side} />
          ))}
        </pre>
      ) : (
        <p className="rounded-md border border-dashed p-2 text-sm text-muted-foreground">Never approved: the whole definition is new.</p>
      )}
    </figure>
  );
}

export function DefinitionSidesView({ sides }: { sides: DefinitionSides }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-3 lg:grid-cols-2">
        <Side label="Approved before" lines={sides.before} side="before" />
        <Side label="Offered now" lines={sides.after} side="after" />
      </div>
      {sides.capped ? <p className="text-xs text-muted-foreground">More values changed than are marked here: read both sides whole.</p> : null}
      {sides.truncated ? <p className="text-xs text-muted-foreground">Too long to show in full: each side says where it is cut.</p> : null}
    </div>
  );
}
