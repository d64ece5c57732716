"use client";

import { AlertTriangle } from "lucide-react";

import { cn } from "@/lib/utils";

import { asContentBlock, type ToolResult } from "./content";
import { ContentBlockView } from "./content-block-view";
import { JsonView } from "./json-view";

interface ToolResultViewProps {
  /** A `CallToolResult`. */
  result: ToolResult;
  /** Offers "Open" on resource links and embedded resources (read the resource by URI). */
  onOpenResource?: (uri: string) => void;
  /** Largest decoded image, audio or download shown; 5 MB by default. */
  maxMediaBytes?: number;
  className?: string;
}

/** A tool's result: each content block by type, then structured content; error results marked as such. */
export function ToolResultView({ result, onOpenResource, maxMediaBytes, className }: ToolResultViewProps) {
  const blocks = (Array.isArray(result.content) ? result.content : []).map(asContentBlock);
  const isError = result.isError === true;
  return (
    <div
      role="group"
      aria-label={isError ? "Tool error result" : "Tool result"}
      data-error={isError || undefined}
      className={cn(
        "grid min-w-0 gap-3 rounded-lg border p-4",
        isError && "border-destructive bg-destructive/5",
        className,
      )}
    >
      {isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-destructive">
          <AlertTriangle aria-hidden="true" className="size-4" />
          The tool reported an error
        </p>
      ) : null}
      {blocks.length === 0 ? <p className="text-sm text-muted-foreground">No content.</p> : null}
      {blocks.map((block, i) => (
        <ContentBlockView key={i} block={block} onOpenResource={onOpenResource} maxMediaBytes={maxMediaBytes} />
      ))}
      {result.structuredContent !== undefined ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">Structured content</p>
          <JsonView value={result.structuredContent} label="Structured content" />
        </div>
      ) : null}
    </div>
  );
}
