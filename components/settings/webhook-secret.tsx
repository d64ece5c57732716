"use client";

import { RotateCw } from "lucide-react";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { CopyButton } from "@/components/app/copy-button";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useRotateWebhookSecret } from "@/lib/settings/hooks";

/**
 * The signing secret: shown in full only right after it was generated, then
 * masked for good (the server never sends it again). Rotate it here.
 */
export function WebhookSecret({
  secretSet,
  freshSecret,
  onFreshSecret,
}: {
  secretSet: boolean;
  freshSecret: string | null;
  onFreshSecret(secret: string): void;
}) {
  const rotate = useRotateWebhookSecret();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium" id="webhook-secret-label">
          Signing secret
        </span>
        {freshSecret ? (
          <div role="status" className="flex flex-col gap-2 rounded-md border border-warning bg-warning/10 p-3">
            <p className="text-sm">Copy this secret now: it will not be shown again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code aria-labelledby="webhook-secret-label" data-testid="webhook-secret" className="wrap-anywhere rounded bg-muted px-2 py-1 text-sm">
                {freshSecret}
              </code>
              <CopyButton text={() => freshSecret} label="Copy secret" />
            </div>
          </div>
        ) : (
          <code aria-labelledby="webhook-secret-label" className="w-fit rounded bg-muted px-2 py-1 text-sm">
            {secretSet ? "whsec_••••••••••••••••" : "none yet"}
          </code>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={rotate.isPending}>
              <RotateCw aria-hidden="true" />
              Rotate secret
            </Button>
          }
          title="Rotate the signing secret?"
          description="Deliveries are signed with the new secret at once; your endpoint must use the new one to verify them."
          action="Rotate"
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: (r) => r.webhookSecret && onFreshSecret(r.webhookSecret),
              onError: (err) => toast({ title: "Not rotated", description: err.message, variant: "destructive" }),
            })
          }
        />
      </div>
    </div>
  );
}
