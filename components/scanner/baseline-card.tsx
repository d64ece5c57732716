import { Pin } from "lucide-react";
import { plural } from "@/lib/plural";
import { RelativeTime } from "@/components/app/relative-time";
import type { BaselineDto } from "@/lib/scanner/schema";
import { PinBaselineButton } from "./pin-baseline";
import { SidePanel } from "./side-panel";

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
    <SidePanel
      id="baseline-heading"
      title="Baseline"
      icon={Pin}
      lockedOffer={
        fullScanner
          ? undefined
          : "you can pin every definition this server exposes; each later scan then reports a definition that changed behind your back (a rug pull), with what changed."
      }
    >
      {baseline ? (
        <p className="text-sm text-muted-foreground">
          Pinned <RelativeTime iso={baseline.pinnedAt} />: {pinnedItems(baseline.items)}. Scans report any change to these definitions.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing pinned yet. Pin the definitions you have reviewed: later scans then report any change to them, however small.
        </p>
      )}
      <div>
        <PinBaselineButton serverId={serverId} serverName={serverName} discoveredAt={discoveredAt} replacing={baseline !== null} />
        {!discoveredAt ? <p className="mt-2 text-xs text-muted-foreground">Scan the server first: there is nothing to pin yet.</p> : null}
      </div>
    </SidePanel>
  );
}
