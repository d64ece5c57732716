"use client";

import { Download, FileWarning } from "lucide-react";

import { checkMedia, DEFAULT_MEDIA_LIMIT_BYTES, fileNameFor, formatBytes } from "./media";

export function MediaNotice({ children }: { children: string }) {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
      <FileWarning aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}

interface MediaViewProps {
  kind: "image" | "audio";
  data: string;
  mimeType: string | undefined;
  maxBytes?: number;
}

/** An image or audio clip from base64, or a notice saying why it is not shown. */
export function MediaView({ kind, data, mimeType, maxBytes = DEFAULT_MEDIA_LIMIT_BYTES }: MediaViewProps) {
  const media = checkMedia(data, mimeType, kind, maxBytes);
  if (!media.ok) return <MediaNotice>{`${kind === "image" ? "Image" : "Audio"} not shown: ${media.reason}.`}</MediaNotice>;
  const caption = `${media.mimeType}, ${formatBytes(media.size)}`;
  return (
    <figure className="grid justify-items-start gap-1">
      {kind === "image" ? (
        // A data: URL from a server response: next/image has nothing to optimise here.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={media.src}
          alt={`Image content (${caption})`}
          className="max-h-96 max-w-full rounded-md border bg-muted object-contain"
        />
      ) : (
        <audio controls src={media.src} aria-label={`Audio content (${caption})`} className="w-full max-w-md" />
      )}
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

/** A link that saves base64 content as a file, within the size limit. */
export function BlobDownload({
  data,
  mimeType,
  uri,
  maxBytes = DEFAULT_MEDIA_LIMIT_BYTES,
}: {
  data: string;
  mimeType: string | undefined;
  uri: string;
  maxBytes?: number;
}) {
  const media = checkMedia(data, mimeType, undefined, maxBytes);
  if (!media.ok) return <MediaNotice>{`Download not offered: ${media.reason}.`}</MediaNotice>;
  const name = fileNameFor(uri);
  return (
    <a
      href={media.src}
      download={name}
      className="inline-flex w-fit items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
    >
      <Download aria-hidden="true" className="size-4" />
      Download {name}
      <span className="text-muted-foreground">({formatBytes(media.size)})</span>
    </a>
  );
}
