"use client";

import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/app/copy-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useAddChannel, useUpdateChannel } from "@/lib/alerts/channels/hooks";
import type { ChannelDto } from "@/lib/alerts/channels/schema";
import { ChannelForm } from "./channel-form";

/** "Add channel" and its dialog; a signed webhook's secret is shown in it once, right after adding. */
export function AddChannel({ disabled }: { disabled?: boolean }) {
  const add = useAddChannel();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setSecret(null);
      }}
    >
      <Button className="w-fit" onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden="true" />
        Add channel
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{secret ? "Webhook added" : "Add a channel"}</DialogTitle>
          <DialogDescription>{secret ? "Verify its deliveries with this signing secret." : "Where alerts go when a server goes down and when it recovers."}</DialogDescription>
        </DialogHeader>
        {secret ? (
          <div className="flex flex-col gap-3">
            <div role="status" className="flex flex-col gap-2 rounded-md border border-warning bg-warning/10 p-3">
              <p className="text-sm">Copy this secret now: it will not be shown again.</p>
              <code data-testid="channel-signing-secret" className="wrap-anywhere rounded bg-muted px-2 py-1 text-sm">
                {secret}
              </code>
              <CopyButton text={() => secret} label="Copy secret" />
            </div>
            <Button className="w-fit self-end" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        ) : (
          <ChannelForm
            onCancel={() => setOpen(false)}
            onSubmit={async (input) => {
              const created = await add.mutateAsync(input);
              toast({ title: "Channel added", description: created.name });
              if (created.signingSecret) setSecret(created.signingSecret);
              else setOpen(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function EditChannel({ channel }: { channel: ChannelDto }) {
  const update = useUpdateChannel(channel.id);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Edit ${channel.name}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit {channel.name}</DialogTitle>
          <DialogDescription>Secrets are stored encrypted and never shown: enter one only to replace it.</DialogDescription>
        </DialogHeader>
        <ChannelForm
          channel={channel}
          onCancel={() => setOpen(false)}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            toast({ title: "Channel saved", description: input.name });
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
