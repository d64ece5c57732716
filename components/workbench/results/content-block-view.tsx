"use client";

import { ExternalLink, Link2 } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import type { ContentAnnotations, ContentBlock } from "./content";
import { JsonView } from "./json-view";
import { formatBytes } from "@/lib/bytes";
import { MediaView } from "./media-view";
import { ResourceContentsItem } from "./resource-contents-item";
import { TextView } from "./text-view";

export interface ContentBlockViewProps {
  block: ContentBlock;
  /** Offers "Open" on resource links and embedded resources. */
  onOpenResource?: (uri: string) => void;
  /** Largest decoded image, audio or download shown; 5 MB by default. */
  maxMediaBytes?: number;
}

function Annotations({ annotations }: { annotations?: ContentAnnotations }) {
  if (!annotations?.audience?.length && annotations?.priority === undefined) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {annotations.audience?.length ? `For ${annotations.audience.join(" and ")}` : null}
      {annotations.audience?.length && annotations.priority !== undefined ? " · " : null}
      {annotations.priority !== undefined ? `Priority ${annotations.priority}` : null}
    </p>
  );
}

/** One MCP content block, rendered by its type. */
export function ContentBlockView({ block, onOpenResource, maxMediaBytes }: ContentBlockViewProps) {
  switch (block.type) {
    case "text":
      return (
        <div className="grid gap-1">
          <TextView text={block.text} />
          <Annotations annotations={block.annotations} />
        </div>
      );
    case "image":
    case "audio":
      return (
        <div className="grid gap-1">
          <MediaView kind={block.type} data={block.data} mimeType={block.mimeType} maxBytes={maxMediaBytes} />
          <Annotations annotations={block.annotations} />
        </div>
      );
    case "resource_link":
      return (
        <div className="grid gap-1 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <Link2 aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium">{block.title ?? block.name}</span>
            {block.mimeType ? <Badge variant="secondary">{block.mimeType}</Badge> : null}
            {block.size !== undefined ? (
              <span className="text-xs text-muted-foreground">{formatBytes(block.size)}</span>
            ) : null}
            {onOpenResource ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="ml-auto h-7"
                onClick={() => onOpenResource(block.uri)}
              >
                <ExternalLink aria-hidden="true" />
                Open<span className="sr-only"> {block.title ?? block.name}</span>
              </Button>
            ) : null}
          </div>
          <code className="text-xs wrap-anywhere text-muted-foreground">{block.uri}</code>
          {block.description ? <p className="text-sm">{block.description}</p> : null}
          <Annotations annotations={block.annotations} />
        </div>
      );
    case "resource":
      return (
        <div className="grid gap-1 rounded-md border p-3">
          <p className="text-xs font-medium text-muted-foreground">Embedded resource</p>
          <ResourceContentsItem contents={block.resource} onOpenResource={onOpenResource} maxMediaBytes={maxMediaBytes} />
          <Annotations annotations={block.annotations} />
        </div>
      );
    case "unknown":
      return (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">Content of a type this console does not display:</p>
          <JsonView value={block.raw} label="Content" />
        </div>
      );
  }
}
