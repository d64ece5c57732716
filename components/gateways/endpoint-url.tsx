import { CopyButton } from "@/components/app/copy-button";
import { cn } from "@/lib/utils";

/** The gateway's MCP endpoint as clients are configured with it, with a way to copy it. */
export function EndpointUrl({ url, className }: { url: string; className?: string }) {
  return (
    <span className={cn("flex min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5", className)}>
      <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs wrap-anywhere">{url}</code>
      <CopyButton text={() => url} label="Copy URL" />
    </span>
  );
}
