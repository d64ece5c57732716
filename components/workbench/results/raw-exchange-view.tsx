"use client";

import { useId, useState, type ReactNode } from "react";
import { ChevronRight } from "lucide-react";

import { cn } from "@/lib/utils";

import { JsonView } from "./json-view";

interface RawExchangeViewProps {
  /** The JSON-RPC request as sent. */
  request: unknown;
  /** The JSON-RPC response; `undefined` while none has arrived, or when none will (timeout, cancellation). */
  response?: unknown;
  className?: string;
}

function Disclosure({ title, summary, children }: { title: string; summary?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-90")} />
        {title}
        {summary ? <span className="font-normal text-muted-foreground">· {summary}</span> : null}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The JSON-RPC request and response behind a call, each collapsed until asked for. */
export function RawExchangeView({ request, response, className }: RawExchangeViewProps) {
  const method = field(request, "method");
  const error = field(response, "error");
  return (
    <div role="group" aria-label="JSON-RPC exchange" className={cn("grid gap-3", className)}>
      <Disclosure title="Request" summary={typeof method === "string" ? method : undefined}>
        <JsonView value={request} collapsedDepth={4} label="request" />
      </Disclosure>
      {response === undefined ? (
        <p className="text-sm text-muted-foreground">No response received.</p>
      ) : (
        <Disclosure title="Response" summary={error !== undefined ? "error" : "result"}>
          <JsonView value={response} collapsedDepth={4} label="response" />
        </Disclosure>
      )}
    </div>
  );
}
