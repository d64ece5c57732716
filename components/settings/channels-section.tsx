"use client";

import { BellRing, Send, Trash2 } from "lucide-react";
import Link from "next/link";
import { AddChannel, EditChannel } from "@/components/alerts/channels/channel-dialog";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { LoadError } from "@/components/app/load-error";
import { RelativeTime } from "@/components/app/relative-time";
import { SettingsSection } from "@/components/settings/settings-section";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useChannels, useDeleteChannel, useTestChannel } from "@/lib/alerts/channels/hooks";
import { CHANNEL_KIND_LABELS, type ChannelDto } from "@/lib/alerts/channels/schema";
import { plural } from "@/lib/plural";
import { outcome } from "./alert-deliveries";

const LAST: Record<NonNullable<ChannelDto["lastDelivery"]>["status"], { label: string; variant: BadgeProps["variant"] }> = {
  delivered: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  pending: { label: "Retrying", variant: "warning" },
  silenced: { label: "Paused", variant: "secondary" },
};

function LastDelivery({ last }: { last: ChannelDto["lastDelivery"] }) {
  if (!last) return <span className="text-muted-foreground">No delivery yet</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant={LAST[last.status].variant}>{LAST[last.status].label}</Badge>
      <RelativeTime iso={last.createdAt} />
      {last.error && last.status !== "delivered" ? <span className="break-words text-muted-foreground">{last.error}</span> : null}
    </span>
  );
}

function ChannelItem({ channel: c }: { channel: ChannelDto }) {
  const test = useTestChannel();
  const remove = useDeleteChannel();
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium break-words">{c.name}</span>
          <Badge variant="outline">{CHANNEL_KIND_LABELS[c.kind]}</Badge>
          {c.active ? null : <Badge variant="warning">Past your plan’s limit: not sent to</Badge>}
        </p>
        <p className="font-mono text-xs break-all text-muted-foreground">{c.destination}</p>
        <div className="text-sm">
          <span className="sr-only">Last delivery: </span>
          <LastDelivery last={c.lastDelivery} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending || !c.active}
          aria-label={`Send a test to ${c.name}`}
          onClick={() =>
            test.mutate(c.id, {
              onSuccess: (r) => {
                const d = r.deliveries[0];
                toast({ title: d?.status === "delivered" ? "Test delivered" : "Test not delivered", description: d ? outcome(d) : undefined, variant: d?.status === "failed" ? "destructive" : undefined });
              },
              onError: (err) => toast({ title: "Test not sent", description: failureMessage(err), variant: "destructive" }),
            })
          }
        >
          <Send aria-hidden="true" />
          {test.isPending ? "Sending…" : "Test"}
        </Button>
        <EditChannel channel={c} />
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="text-destructive" aria-label={`Delete ${c.name}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title={`Delete ${c.name}?`}
          description="Alerts stop going to it at once, and any still being retried are given up. Servers that chose only this channel go back to all of your channels."
          cancel="Keep it"
          action="Delete channel"
          onConfirm={() =>
            remove.mutate(c.id, {
              onSuccess: () => toast({ title: "Channel deleted", description: c.name }),
              onError: (err) => toast({ title: "Not deleted", description: failureMessage(err), variant: "destructive" }),
            })
          }
        />
      </div>
    </li>
  );
}

/** /settings#channels: Slack, Teams, PagerDuty, ntfy, Telegram… besides email and the settings webhook. */
export function ChannelsSection() {
  const channels = useChannels();
  const data = channels.data;
  const full = data ? data.used >= data.limit : false;
  return (
    <SettingsSection
      id="channels"
      title="Notification channels"
      description="Send alerts to the tools your team already watches. Every server uses all of them unless you choose some on its Monitoring tab."
    >
      {channels.isPending ? (
        <Skeleton className="h-24" />
      ) : channels.isError ? (
        <LoadError what="your notification channels" query={channels} />
      ) : (
        <>
          {data!.channels.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <BellRing aria-hidden="true" className="size-4 shrink-0" />
              No channel yet. Add one to send alerts to Slack, Teams, PagerDuty, ntfy, Telegram and more.
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Notification channels">
              {data!.channels.map((c) => (
                <ChannelItem key={c.id} channel={c} />
              ))}
            </ul>
          )}
          <p className="text-sm text-muted-foreground" id="channels-usage">
            {`${data!.used} of ${plural(data!.limit, "channel")} besides email in use (the webhook above counts as one).`}
            {full ? (
              <>
                {" "}
                <Link href="/#pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                  Compare plans
                </Link>{" "}
                to add more.
              </>
            ) : null}
          </p>
          <AddChannel disabled={full} />
        </>
      )}
    </SettingsSection>
  );
}
