"use client";

import { CircleCheck, CircleX, Clock, Filter, GitCompareArrows, ShieldCheck } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { RelativeTime } from "@/components/app/relative-time";
import { SeverityBadge } from "@/components/scanner/severity-badge";
import { Button } from "@/components/ui/button";
import type { HiddenReason, ViewItemDto } from "@/lib/gateways/schema";
import type { Severity } from "@/lib/scanner/types";
import { cn } from "@/lib/utils";
import { ServeFromHere } from "./collision-fix";
import { ApproveDialog } from "./approve-dialog";

/** Why an item is hidden, in a word, for the filter's counts and the badges. */
export const REASON_LABEL: Record<HiddenReason["kind"], string> = {
  filtered: "Left out",
  blocked: "Blocked",
  quarantined: "Quarantined",
  server_down: "Server down",
  collision: "Taken by another server",
};

const badge = "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3";

function Badge({ className, icon, children }: { className: string; icon: ReactNode; children: ReactNode }) {
  return (
    <span className={cn(badge, className)}>
      {icon}
      {children}
    </span>
  );
}

const actionLink = "w-fit rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden";

/** An item served to agents, or why it is not and what would change that. */
export function ItemStatus({ item, gatewayId, onOpenServers }: { item: ViewItemDto; gatewayId: string; onOpenServers: () => void }) {
  const reason = item.hidden;
  if (!reason) {
    return (
      <Badge className="border-transparent bg-success text-success-foreground" icon={<CircleCheck aria-hidden="true" />}>
        Listed
      </Badge>
    );
  }
  const server = encodeURIComponent(item.serverId);
  return (
    <div className="flex min-w-0 flex-col items-start gap-1.5">
      {reason.kind === "blocked" ? (
        <SeverityBadge severity={reason.finding.severity as Severity} title={reason.message}>
          Blocked · {reason.finding.severity}
        </SeverityBadge>
      ) : reason.kind === "quarantined" ? (
        <Badge className="border-warning bg-background text-warning" icon={<Clock aria-hidden="true" />}>
          Quarantined · {reason.change === "new" ? "new" : "changed"}
        </Badge>
      ) : reason.kind === "server_down" ? (
        <Badge className="border-transparent bg-destructive text-destructive-foreground" icon={<CircleX aria-hidden="true" />}>
          {REASON_LABEL.server_down}
        </Badge>
      ) : reason.kind === "collision" ? (
        <Badge className="border-border bg-secondary text-secondary-foreground" icon={<GitCompareArrows aria-hidden="true" />}>
          {REASON_LABEL.collision}
        </Badge>
      ) : (
        <Badge className="border-dashed border-input bg-background text-muted-foreground" icon={<Filter aria-hidden="true" />}>
          {REASON_LABEL.filtered}
        </Badge>
      )}
      <p className="text-xs wrap-anywhere text-muted-foreground">
        {reason.kind === "blocked" ? (
          <>
            Open finding <code className="font-mono">{reason.finding.ruleId}</code>.
          </>
        ) : reason.kind === "quarantined" ? (
          <>
            {reason.change === "new" ? "Appeared after the server's definitions were approved" : "Its definition changed since it was approved"}
            {reason.since ? (
              <>
                {" "}
                (<RelativeTime iso={reason.since} />)
              </>
            ) : null}
            .
          </>
        ) : (
          reason.message
        )}
      </p>
      {reason.kind === "blocked" ? (
        <Link href={`/servers/${server}?tab=security`} className={actionLink}>
          See the finding<span className="sr-only"> on {item.exposedName}</span>
        </Link>
      ) : reason.kind === "quarantined" ? (
        <ApproveItem item={item} gatewayId={gatewayId} />
      ) : reason.kind === "server_down" ? (
        <Link href={`/servers/${server}?tab=monitoring`} className={actionLink}>
          See its monitoring<span className="sr-only"> ({item.serverName})</span>
        </Link>
      ) : reason.kind === "collision" && (item.kind === "resource" || item.kind === "resource_template") ? (
        <ServeFromHere item={item} gatewayId={gatewayId} />
      ) : (
        <Button type="button" variant="link" className="h-auto p-0 text-xs" onClick={onOpenServers}>
          {reason.kind === "collision" ? "Change a prefix" : "Change the list"}
          <span className="sr-only"> in the Servers tab</span>
        </Button>
      )}
    </div>
  );
}

function ApproveItem({ item, gatewayId }: { item: ViewItemDto; gatewayId: string }) {
  return (
    <ApproveDialog
      gatewayId={gatewayId}
      target={{ serverId: item.serverId, kind: item.kind, key: item.key }}
      title={item.hidden?.kind === "quarantined" && item.hidden.change === "new" ? `Approve the new ${item.exposedName}?` : `Approve the change to ${item.exposedName}?`}
      action="Approve this definition"
      approvedToast={() => `Approved ${item.exposedName}`}
      trigger={
        <Button type="button" size="sm" variant="outline" className="h-7" aria-label={`Approve ${item.exposedName}`}>
          <ShieldCheck aria-hidden="true" />
          Approve
        </Button>
      }
    />
  );
}
