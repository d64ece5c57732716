"use client";

import { ChevronDown } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { LocalTime } from "@/components/app/local-time";
import { FormAlert } from "@/components/app/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useActivityDetails } from "@/lib/activity/hooks";
import { actionLabel } from "@/lib/activity/labels";
import type { ActivityItem } from "@/lib/activity/schema";
import { cn } from "@/lib/utils";

function TargetLink({ target }: { target: NonNullable<ActivityItem["target"]> }) {
  if (target.type === "server" || target.type === "gateway") {
    return target.href ? (
      <Link href={target.href} className="font-medium text-primary underline-offset-4 hover:underline">
        {target.type === "server" ? "Server" : "Gateway"} {target.label}
      </Link>
    ) : (
      <span>A {target.type} that no longer exists</span>
    );
  }
  if (target.href) {
    return (
      <Link href={target.href} className="font-medium text-primary underline-offset-4 hover:underline">
        Open the {target.type}
      </Link>
    );
  }
  return null;
}

function Details({ id }: { id: string }) {
  const { data, isPending, isError, error } = useActivityDetails(id, true);
  if (isPending) return <Spinner size="sm" aria-label="Loading the details" />;
  if (isError) return <FormAlert>{(error as Error).message}</FormAlert>;
  const empty = Object.keys(data.metadata).length === 0;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      <dt className="text-muted-foreground">IP address</dt>
      <dd className="font-mono">{data.ip ?? "—"}</dd>
      <dt className="text-muted-foreground">User agent</dt>
      <dd className="wrap-anywhere">{data.userAgent ?? "—"}</dd>
      <dt className="text-muted-foreground">Details</dt>
      <dd>
        {empty ? (
          "None"
        ) : (
          <pre tabIndex={0} aria-label="Event details" className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs">
            {JSON.stringify(data.metadata, null, 2)}
          </pre>
        )}
      </dd>
    </dl>
  );
}

export function ActivityEvent({ event }: { event: ActivityItem }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{actionLabel(event.action)}</Badge>
            <span className="text-sm font-medium">{event.summary}</span>
          </div>
          <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <LocalTime iso={event.createdAt} />
            {event.target ? <TargetLink target={event.target} /> : null}
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`Details of “${event.summary}”`}
          onClick={() => setOpen((o) => !o)}
        >
          Details
          <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
        </Button>
      </div>
      <div id={detailsId} hidden={!open} className="mt-3 rounded-md border p-3">
        {open ? <Details id={event.id} /> : null}
      </div>
    </li>
  );
}
