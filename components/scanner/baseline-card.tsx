import { Lock, Pin } from "lucide-react";
import Link from "next/link";
import { plural } from "@/lib/plural";
import { RelativeTime } from "@/components/servers/relative-time";
import type { BaselineDto } from "@/lib/scanner/schema";
import { PinBaselineButton } from "./pin-baseline";

function pinnedItems(items: BaselineDto["items"]): string {
  return [
    plural(items.tools, "tool"),
    plural(items.prompts, "prompt"),
    plural(items.resources, "resource"),
    plural(items.resourceTemplates, "template"),
  ].join(", ");
}

/** The rug-pull baseline: when it was pinned and what it holds, and the button to pin (again). */
export function BaselineCard({
  serverId,
  serverName,
  baseline,
  fullScanner,
  discoveredAt,
}: {
  serverId: string;
  serverName: string;
  baseline: BaselineDto | null;
  fullScanner: boolean;
  discoveredAt: string | null;
}) {
  return (
    <section aria-labelledby="baseline-heading" className="flex flex-col gap-2 rounded-xl border p-4">
      <h3 id="baseline-heading" className="flex items-center gap-2 font-semibold">
        {fullScanner ? <Pin aria-hidden="true" className="size-4 text-muted-foreground" /> : <Lock aria-hidden="true" className="size-4 text-muted-foreground" />}
        Baseline
      </h3>
      {!fullScanner ? (
        <p className="text-sm text-muted-foreground">
          With the Pro or Enterprise plan you can pin every definition this server exposes; each later scan then reports a definition that
          changed behind your back (a rug pull), with what changed. <Link href="/settings#plan" className="text-primary underline underline-offset-4">See plans</Link>
        </p>
      ) : baseline ? (
        <p className="text-sm text-muted-foreground">
          Pinned <RelativeTime iso={baseline.pinnedAt} />: {pinnedItems(baseline.items)}. Scans report any change to these definitions.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing pinned yet. Pin the definitions you have reviewed: later scans then report any change to them, however small.
        </p>
      )}
      {fullScanner ? (
        <div>
          <PinBaselineButton serverId={serverId} serverName={serverName} discoveredAt={discoveredAt} replacing={baseline !== null} />
          {!discoveredAt ? <p className="mt-2 text-xs text-muted-foreground">Scan the server first: there is nothing to pin yet.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
