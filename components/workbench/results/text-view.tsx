"use client";

import { useMemo, useState } from "react";

import { Button } from "@/components/ui/button";

import { CopyButton } from "@/components/app/copy-button";
import { jsonInText } from "./media";

/**
 * Text in monospace with its whitespace kept. Text that is a JSON object or
 * array is pretty-printed, with a toggle back to the text as sent.
 */
export function TextView({ text, label = "Text" }: { text: string; label?: string }) {
  const parsed = useMemo(() => jsonInText(text), [text]);
  const isJson = parsed !== undefined;
  const [pretty, setPretty] = useState(true);
  const shown = isJson && pretty ? JSON.stringify(parsed, null, 2) : text;

  return (
    <div className="grid min-w-0 gap-1 rounded-md border bg-muted/40">
      <div className="flex flex-wrap items-center gap-1 border-b px-2 py-1">
        <CopyButton label={`Copy ${label.toLowerCase()}`} text={() => text} />
        {isJson ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto h-7 px-2"
            aria-pressed={pretty}
            onClick={() => setPretty((p) => !p)}
          >
            Pretty-print JSON
          </Button>
        ) : null}
      </div>
      {/* Focusable so a keyboard can scroll long output. */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-[32rem] overflow-auto px-3 pb-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
      >
        {shown}
      </pre>
    </div>
  );
}
