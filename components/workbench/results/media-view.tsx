"use client";

import { Download, FileWarning, Maximize2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

import { formatBytes } from "@/lib/bytes";
import { checkMedia, DEFAULT_MEDIA_LIMIT_BYTES, fileNameFor } from "./media";

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
      <figcaption className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {caption}
        {kind === "image" ? <EnlargedImage src={media.src} caption={caption} /> : null}
      </figcaption>
    </figure>
  );
}

/**
 * The image as large as the dialog allows: a server's image can be a few
 * pixels (an icon, get-tiny-image's 20 px), too small to see inline. Small
 * images scale up with hard pixel edges rather than a blur.
 */
function EnlargedImage({ src, caption }: { src: string; caption: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="h-7">
          <Maximize2 aria-hidden="true" />
          Enlarge<span className="sr-only"> the image</span>
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined} className="max-w-3xl">
        <DialogTitle>Image content</DialogTitle>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={src}
          alt={`Image content, enlarged (${caption})`}
          className="max-h-[70dvh] w-full rounded-md border bg-muted object-contain [image-rendering:pixelated]"
        />
        <p className="text-xs text-muted-foreground">{caption}</p>
      </DialogContent>
    </Dialog>
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
