"use client";

import { asResourceContents, type ResourceResult } from "./content";
import { JsonView } from "./json-view";
import { ResourceContentsItem } from "./resource-contents-item";

interface ResourceContentsViewProps {
  /** A `ReadResourceResult`. */
  result: ResourceResult;
  onOpenResource?: (uri: string) => void;
  maxMediaBytes?: number;
  className?: string;
}

/** The contents of a read resource: text, media or a download per entry. */
export function ResourceContentsView({ result, onOpenResource, maxMediaBytes, className }: ResourceContentsViewProps) {
  const entries = Array.isArray(result.contents) ? result.contents : [];
  return (
    <div role="group" aria-label="Resource contents" className={className}>
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">The resource has no contents.</p> : null}
      <ul className="grid gap-4">
        {entries.map((raw, i) => {
          const contents = asResourceContents(raw);
          return (
            <li key={i} className="min-w-0">
              {contents ? (
                <ResourceContentsItem contents={contents} onOpenResource={onOpenResource} maxMediaBytes={maxMediaBytes} />
              ) : (
                <JsonView value={raw} label="Contents without text or blob" />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
