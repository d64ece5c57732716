"use client";

import { ShieldCheck, Clock } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ViewItemDto } from "@/lib/gateways/schema";
import { plural } from "@/lib/plural";
import { ApproveDialog } from "./approve-dialog";

interface Waiting {
  serverId: string;
  serverName: string;
  changed: number;
  added: number;
}

function waitingByServer(items: ViewItemDto[]): Waiting[] {
  const byServer = new Map<string, Waiting>();
  for (const item of items) {
    if (item.hidden?.kind !== "quarantined") continue;
    const entry = byServer.get(item.serverId) ?? { serverId: item.serverId, serverName: item.serverName, changed: 0, added: 0 };
    if (item.hidden.change === "new") entry.added += 1;
    else entry.changed += 1;
    byServer.set(item.serverId, entry);
  }
  return [...byServer.values()];
}

/** The quarantined items, by server, and a way to approve all of a server's at once after a look at them. */
export function QuarantineReview({ gatewayId, items }: { gatewayId: string; items: ViewItemDto[] }) {
  const waiting = waitingByServer(items);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="quarantine-title" className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/5 p-4">
      <div className="flex items-start gap-2">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="min-w-0">
          <h2 id="quarantine-title" className="text-sm font-semibold">
            Waiting for your approval
          </h2>
          <p className="text-sm text-muted-foreground">
            These definitions are not the ones you approved. Approving shows each change beside the approved definition, with the
            scanner&apos;s findings, before you confirm: one by one, or all of a server&apos;s at once.
          </p>
        </div>
      </div>
      <ul className="flex flex-col divide-y rounded-lg border bg-background">
        {waiting.map((w) => (
          <li key={w.serverId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium break-all">{w.serverName}</span>
              <span className="text-muted-foreground">
                {" "}
                · {[w.changed ? `${w.changed} changed` : null, w.added ? `${w.added} new` : null].filter(Boolean).join(", ")}
              </span>
            </span>
            <ApproveAll gatewayId={gatewayId} waiting={w} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApproveAll({ gatewayId, waiting }: { gatewayId: string; waiting: Waiting }) {
  return (
    <ApproveDialog
      gatewayId={gatewayId}
      target={{ serverId: waiting.serverId }}
      title={`Approve every current definition of ${waiting.serverName}?`}
      action={`Approve all of ${waiting.serverName}`}
      approvedToast={(approved) => `Approved ${plural(approved, "definition")} of ${waiting.serverName}`}
      trigger={
        <Button size="sm" variant="outline">
          <ShieldCheck aria-hidden="true" />
          Approve all of {waiting.serverName}
        </Button>
      }
    />
  );
}
