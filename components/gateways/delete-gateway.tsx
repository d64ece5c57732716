"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDeleteGateway } from "@/lib/gateways/hooks";
import type { GatewayDto } from "@/lib/gateways/schema";

/** Deleting stops the endpoint at once; the dialog stays open while the request runs, to show its error there. */
export function DeleteGateway({ gateway }: { gateway: GatewayDto }) {
  const router = useRouter();
  const remove = useDeleteGateway(gateway.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${gateway.name}?`}
      description="Its endpoint stops answering at once, and the tokens limited to it are revoked. Your servers and the gateway's past calls in your activity log stay."
      action="Delete gateway"
      busyLabel="Deleting"
      variant="destructive"
      onConfirm={async () => {
        await remove.mutateAsync();
        toast({ title: "Gateway deleted", description: `${gateway.name} no longer answers.` });
        router.replace("/gateways");
      }}
    />
  );
}
