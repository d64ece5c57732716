import { ExternalLink } from "lucide-react";

/** The public address of a page, opened beside the console. */
export function PageLink({ slug }: { slug: string }) {
  return (
    <a
      href={`/status/${encodeURIComponent(slug)}`}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 rounded-sm font-mono text-sm break-all text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
    >
      /status/{slug}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
