import Link from "next/link";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { DELIVERY_CHANNEL_LABELS } from "@/lib/alerts/channels/schema";
import { EVENT_LABELS, type AlertDeliveryDto } from "@/lib/alerts/schema";

function statusBadge(d: AlertDeliveryDto): { label: string; variant: BadgeProps["variant"] } {
  if (d.status === "delivered") return { label: "Delivered", variant: "success" };
  if (d.status === "failed") return { label: "Failed", variant: "destructive" };
  if (d.status === "silenced") return { label: "Not sent: alerts paused", variant: "secondary" };
  return { label: d.attempts === 0 ? "Queued" : "Retrying", variant: "warning" };
}

/** One alert delivery: what, where, how it went. */
export function DeliveryItem({ delivery: d }: { delivery: AlertDeliveryDto }) {
  const status = statusBadge(d);
  const at = new Date(d.createdAt);
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="text-sm font-medium">
          {EVENT_LABELS[d.event]}
          {d.server ? (
            <>
              {" · "}
              <Link href={`/servers/${d.server.id}`} className="text-primary underline-offset-4 hover:underline">
                {d.server.name}
              </Link>
            </>
          ) : null}
        </span>
        <time dateTime={d.createdAt} title={at.toISOString()} className="text-xs text-muted-foreground sm:ml-auto">
          {at.toLocaleString()}
        </time>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="min-w-0 wrap-anywhere">
          {DELIVERY_CHANNEL_LABELS[d.channel]} to <span className="font-mono">{d.destination}</span>
        </span>
        {d.responseStatus !== null ? <span>Answered {d.responseStatus}</span> : null}
        {d.durationMs !== null ? <span>{d.durationMs} ms</span> : null}
        <span>
          Attempt {d.attempts} of {d.maxAttempts}
        </span>
        {d.nextAttemptAt ? <span>Next try {new Date(d.nextAttemptAt).toLocaleTimeString()}</span> : null}
      </p>
      {d.error ? <p className="text-xs break-words text-destructive">{d.error}</p> : null}
    </li>
  );
}
