"use client";

import { ExternalLink } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import type { ResourceContents } from "./content";
import { BlobDownload, MediaView } from "./media-view";
import { TextView } from "./text-view";

interface ResourceContentsItemProps {
  contents: ResourceContents;
  /** Shows an Open button that reads the resource again by its URI. */
  onOpenResource?: (uri: string) => void;
  maxMediaBytes?: number;
}

/** One resource's contents: its text, its image or audio, or a download of its bytes. */
export function ResourceContentsItem({ contents, onOpenResource, maxMediaBytes }: ResourceContentsItemProps) {
  const { uri, mimeType, text, blob } = contents;
  const family = mimeType?.startsWith("image/") ? "image" : mimeType?.startsWith("audio/") ? "audio" : undefined;
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 text-xs wrap-anywhere">{uri}</code>
        {mimeType ? <Badge variant="secondary">{mimeType}</Badge> : null}
        {onOpenResource ? (
          <Button type="button" variant="outline" size="sm" className="ml-auto h-7" onClick={() => onOpenResource(uri)}>
            <ExternalLink aria-hidden="true" />
            Open<span className="sr-only"> {uri}</span>
          </Button>
        ) : null}
      </div>
      {text !== undefined ? (
        <TextView text={text} label="Resource text" />
      ) : blob !== undefined && family ? (
        <MediaView kind={family} data={blob} mimeType={mimeType} maxBytes={maxMediaBytes} />
      ) : blob !== undefined ? (
        <BlobDownload data={blob} mimeType={mimeType} uri={uri} maxBytes={maxMediaBytes} />
      ) : null}
    </div>
  );
}
