"use client";

import { useState, type KeyboardEvent } from "react";
import { ChevronRight } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { CopyButton } from "@/components/app/copy-button";

interface JsonViewProps {
  value: unknown;
  /** Objects and arrays this deep or deeper start collapsed (the root is depth 0). */
  collapsedDepth?: number;
  /** Names the tree for assistive technology, e.g. "Structured content". */
  label?: string;
  className?: string;
}

/** Children rendered per batch: a 10,000-item array must not stall the page. */
const PAGE = 100;

/**
 * A collapsible JSON tree. Every object and array has a disclosure button
 * (Enter/Space toggles, ArrowRight opens, ArrowLeft closes), plus Copy,
 * Expand all and Collapse all.
 */
export function JsonView({ value, collapsedDepth = 2, label = "JSON", className }: JsonViewProps) {
  // Changing the generation remounts the tree, so every node takes the new starting depth.
  const [view, setView] = useState({ depth: collapsedDepth, generation: 0 });
  const expandable = typeof value === "object" && value !== null;

  return (
    <div className={cn("grid min-w-0 gap-1 rounded-md border bg-muted/40", className)}>
      <div className="flex flex-wrap items-center gap-1 border-b px-2 py-1">
        <CopyButton label={`Copy ${label}`} text={() => JSON.stringify(value, null, 2) ?? String(value)} />
        {expandable ? (
          <span className="ml-auto flex gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              onClick={() => setView((v) => ({ depth: Infinity, generation: v.generation + 1 }))}
            >
              Expand all
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              onClick={() => setView((v) => ({ depth: 1, generation: v.generation + 1 }))}
            >
              Collapse all
            </Button>
          </span>
        ) : null}
      </div>
      {/* Relative: the box is then the containing block of the screen-reader names inside it (sr-only is absolutely
          positioned), so it clips them; else those of a long answer stretch the page far below its end. */}
      <div
        role="group"
        aria-label={label}
        className="relative max-h-[32rem] overflow-auto px-2 pb-2 font-mono text-xs leading-relaxed"
      >
        <JsonNode key={view.generation} value={value} depth={0} openDepth={view.depth} last />
      </div>
    </div>
  );
}

interface NodeProps {
  name?: string | number;
  value: unknown;
  depth: number;
  openDepth: number;
  last: boolean;
}

function KeyLabel({ name }: { name?: string | number }) {
  if (name === undefined) return null;
  return <span className="text-foreground">{typeof name === "number" ? `${name}: ` : `${JSON.stringify(name)}: `}</span>;
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === "string") {
    return <span className="wrap-anywhere whitespace-pre-wrap text-success">{JSON.stringify(value)}</span>;
  }
  if (typeof value === "number") return <span className="text-primary">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="text-warning">{String(value)}</span>;
  if (value === null) return <span className="text-muted-foreground">null</span>;
  // Not JSON (undefined, functions): show what it is rather than nothing.
  return <span className="text-muted-foreground italic">{String(value)}</span>;
}

function JsonNode({ name, value, depth, openDepth, last }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  const comma = last ? "" : ",";

  if (typeof value !== "object" || value === null) {
    return (
      <div className="pl-5">
        <KeyLabel name={name} />
        <Primitive value={value} />
        {comma}
      </div>
    );
  }

  const isArray = Array.isArray(value);
  const entries: [string | number, unknown][] = isArray
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  const [opening, closing] = isArray ? ["[", "]"] : ["{", "}"];
  const count = isArray
    ? `${entries.length} ${entries.length === 1 ? "item" : "items"}`
    : `${entries.length} ${entries.length === 1 ? "key" : "keys"}`;
  const who = name === undefined ? "root" : typeof name === "number" ? `item ${name}` : name;

  if (entries.length === 0) {
    return (
      <div className="pl-5">
        <KeyLabel name={name} />
        {opening}
        {closing}
        {comma}
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === "ArrowRight" && !open) {
      e.preventDefault();
      setOpen(true);
    } else if (e.key === "ArrowLeft" && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
        className="inline-flex max-w-full items-center gap-0.5 rounded-sm text-left outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} />
        {/* The name is a plain description; the punctuation-heavy visual is hidden from it, so the two never disagree. */}
        <span className="sr-only">{`${who}: ${isArray ? "array" : "object"}, ${count}`}</span>
        <span aria-hidden="true">
          <KeyLabel name={name} />
          {open ? opening : (
            <>
              {opening}…{closing}
              <span className="text-muted-foreground"> {count}</span>
              {comma}
            </>
          )}
        </span>
      </button>
      {open ? (
        <>
          <div className="ml-2 border-l pl-2">
            {entries.slice(0, shown).map(([key, child], i) => (
              <JsonNode
                key={String(key)}
                name={key}
                value={child}
                depth={depth + 1}
                openDepth={openDepth}
                last={i === entries.length - 1}
              />
            ))}
            {entries.length > shown ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-6 px-5 text-xs"
                onClick={() => setShown((n) => n + PAGE)}
              >
                Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown} hidden
              </Button>
            ) : null}
          </div>
          <div className="pl-5">
            {closing}
            {comma}
          </div>
        </>
      ) : null}
    </div>
  );
}
