"use client";

import { ArrowLeftRight } from "lucide-react";
import { BusyButton } from "@/components/app/busy-button";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useGateway, useUpdateGateway } from "@/lib/gateways/hooks";
import type { ViewItemDto } from "@/lib/gateways/schema";
import { membersOf, serversInput, toggled } from "./members-model";

/**
 * The fix of a resource (or template) that two servers serve at the same
 * URI, where a prefix renames nothing: this server serves it instead of
 * the one listed first, whose resources list then leaves it out (undone by
 * ticking it again in the Servers tab).
 */
export function ServeFromHere({ item, gatewayId }: { item: ViewItemDto; gatewayId: string }) {
  const gateway = useGateway(gatewayId);
  const update = useUpdateGateway(gatewayId);
  const first = item.hidden?.kind === "collision" ? item.hidden.servedBy : null;
  if (!first || !gateway.data) return null;
  const members = membersOf(gateway.data);

  function serveHere() {
    const servers = serversInput(members.map((m) => (m.serverId === first!.serverId ? { ...m, filters: { ...m.filters, resources: toggled(m.filters.resources, item.key, false) } } : m)));
    update.mutate(
      { servers },
      {
        onSuccess: () =>
          toast({ title: `${item.serverName} serves ${item.exposedName}`, description: `${first!.serverName}'s resources list leaves it out now; agents see the change at their next list.` }),
        onError: (err) => toast({ title: "Not changed", description: failureMessage(err), variant: "destructive" }),
      },
    );
  }

  return (
    <BusyButton type="button" size="sm" variant="outline" className="h-7" busy={update.isPending} busyLabel="Saving" icon={<ArrowLeftRight aria-hidden="true" />} onClick={serveHere}>
      Serve it from {item.serverName}
      <span className="sr-only"> instead of {first.serverName}</span>
    </BusyButton>
  );
}
