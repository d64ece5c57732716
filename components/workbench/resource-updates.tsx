"use client";

import { Bell, BellOff, BookOpen } from "lucide-react";
import { RelativeTime } from "@/components/app/relative-time";
import { Button } from "@/components/ui/button";
import type { ResourceUpdate } from "@/lib/workbench/use-subscriptions";

/** Subscribes to a resource's updates, or stops; says which it is (a toggle button). */
export function SubscribeButton({ subscribed, pending, onToggle }: { subscribed: boolean; pending: boolean; onToggle: () => void }) {
  return (
    <Button type="button" variant="outline" aria-pressed={subscribed} disabled={pending} onClick={onToggle}>
      {subscribed ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {subscribed ? "Unsubscribe" : "Subscribe to updates"}
    </Button>
  );
}

/** The updates the server sent for subscribed resources, newest first, each readable again. */
export function ResourceUpdates({ subscriptions, updates, error, onRead }: { subscriptions: string[]; updates: ResourceUpdate[]; error: string | null; onRead: (uri: string) => void }) {
  if (subscriptions.length === 0 && updates.length === 0 && !error) return null;
  return (
    <section aria-labelledby="wb-updates-heading" className="grid gap-2 rounded-lg border p-3">
      <h3 id="wb-updates-heading" className="text-sm font-semibold">
        Resource updates
      </h3>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {subscriptions.length === 0 ? "No subscriptions." : `Subscribed to ${subscriptions.length === 1 ? subscriptions[0] : `${subscriptions.length} resources`}.`}
      </p>
      <div role="log" aria-label="Resource updates">
        <ul className="grid gap-1">
          {updates.length === 0 ? <li className="text-sm text-muted-foreground">Waiting for the server to say a resource changed…</li> : null}
          {updates.map((u) => (
            <li key={`${u.uri}-${u.at}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                <code>{u.uri}</code> changed <RelativeTime iso={new Date(u.at).toISOString()} />
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => onRead(u.uri)}>
                <BookOpen aria-hidden="true" />
                Read it again<span className="sr-only"> ({u.uri})</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
