"use client";

import { useIsMutating } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { plural } from "@/lib/plural";
import { serverKeys, useDiscoverServer } from "@/lib/servers/hooks";

/** Asks the server again for its tools, resources, templates and prompts, and says what came back. */
export function RefreshInventoryButton({ serverId, serverName, ...props }: { serverId: string; serverName: string } & ButtonProps) {
  const discover = useDiscoverServer(serverId);
  const running = useIsMutating({ mutationKey: serverKeys.discover(serverId) }) > 0;

  function run() {
    discover.mutate(undefined, {
      onSuccess: (inv) =>
        toast({
          title: "Inventory refreshed",
          description: `${serverName}: ${plural(inv.tools.length, "tool")}, ${plural(inv.resources.length, "resource")}, ${plural(inv.resourceTemplates.length, "template")}, ${plural(inv.prompts.length, "prompt")}.`,
        }),
      onError: (err) => toast({ title: "Could not refresh the inventory", description: failureMessage(err), variant: "destructive" }),
    });
  }

  return (
    <Button variant="outline" {...props} disabled={running || props.disabled} aria-busy={running} onClick={run}>
      <RefreshCw aria-hidden="true" className={running ? "animate-spin" : undefined} />
      {running ? "Refreshing…" : "Refresh inventory"}
    </Button>
  );
}
