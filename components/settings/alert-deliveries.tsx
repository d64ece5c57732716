"use client";

import { Loading, SkeletonRows } from "@/components/app/loading";
import { Send } from "lucide-react";
import { FailureAlert } from "@/components/app/demo-sign-up";
import { FormAlert } from "@/components/app/form-alert";
import { LoadMore } from "@/components/app/load-more";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDeliveries, useSendTestEvent } from "@/lib/alerts/hooks";
import type { AlertDeliveryDto } from "@/lib/alerts/schema";
import { DELIVERY_CHANNEL_LABELS } from "@/lib/alerts/channels/schema";
import { DeliveryItem } from "./delivery-item";

/** One delivery's outcome in a sentence, as a test's result shows it. */
export function outcome(d: AlertDeliveryDto): string {
  const where = d.channel === "email" ? `Email to ${d.destination}` : `${DELIVERY_CHANNEL_LABELS[d.channel]} ${d.destination}`;
  if (d.status === "delivered") {
    return d.responseStatus !== null ? `${where}: delivered, answered ${d.responseStatus} in ${d.durationMs} ms.` : `${where}: delivered in ${d.durationMs} ms.`;
  }
  if (d.status === "pending") return `${where}: queued, being sent.`;
  return `${where}: not delivered${d.responseStatus !== null ? ` (answered ${d.responseStatus})` : ""}. ${d.error ?? ""}`.trim();
}

function TestEvent({ canSend }: { canSend: boolean }) {
  const test = useSendTestEvent();
  const results = test.data?.deliveries ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => test.mutate()} disabled={test.isPending || !canSend} aria-describedby={canSend ? undefined : "test-event-hint"}>
          {test.isPending ? <Spinner size="sm" aria-label="Sending" className="text-current" /> : <Send aria-hidden="true" />}
          Send a test event
        </Button>
        {canSend ? null : (
          <p id="test-event-hint" className="text-sm text-muted-foreground">
            Add a webhook URL or turn on email alerts to send one.
          </p>
        )}
      </div>
      {test.isError ? <FailureAlert error={test.error} /> : null}
      {results.length ? (
        <FormAlert tone={results.every((d) => d.status === "delivered") ? "success" : "error"}>
          <ul className="flex flex-col gap-1" aria-label="Test event outcome">
            {results.map((d) => (
              <li key={d.id} className="break-words">
                {outcome(d)}
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
    </div>
  );
}

/** The user's recent alert deliveries, newest first, and the test button that adds one. */
export function AlertDeliveries({ canSend }: { canSend: boolean }) {
  const query = useDeliveries();
  const deliveries = query.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <section aria-labelledby="deliveries-title" aria-busy={query.isFetching} className="flex flex-col gap-3 border-t pt-4">
      <div>
        <h3 id="deliveries-title" className="font-medium">
          Recent alerts
        </h3>
        <p className="text-sm text-muted-foreground">Every alert and test sent to you, with how your endpoint or mail server answered. Failed webhooks are retried after 30 s, 2 min, 10 min and 1 h.</p>
      </div>
      <TestEvent canSend={canSend} />
      {query.isPending ? (
        <Loading label="Loading recent alerts" className="flex flex-col gap-2">
          <SkeletonRows className="h-14 w-full" />
        </Loading>
      ) : query.isError ? (
        <FormAlert>
          <p>{query.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : deliveries.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No alerts sent yet. They appear here as they go out; send a test event to see one.
        </p>
      ) : (
        <>
          <ol className="divide-y rounded-md border px-3" aria-label="Alert deliveries, newest first">
            {deliveries.map((d) => (
              <DeliveryItem key={d.id} delivery={d} />
            ))}
          </ol>
          <LoadMore query={query} label="Load more" busyLabel="Loading…" />
        </>
      )}
    </section>
  );
}
