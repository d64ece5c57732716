"use client";

import { Activity } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { LoadMore } from "@/components/app/load-more";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { useActivity } from "@/lib/activity/hooks";
import { NO_FILTERS, type ActivityViewFilters } from "@/lib/activity/keys";
import type { ServerOption } from "@/lib/activity/servers";
import { ActivityEvent } from "./activity-event";
import { ActivityFilters } from "./activity-filters";
import { ExportPanel } from "./export-panel";

const URL_KEYS: Record<keyof ActivityViewFilters, string> = { action: "action", serverId: "server", from: "from", to: "to" };

function pageUrl(pathname: string, filters: ActivityViewFilters): string {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(URL_KEYS) as [keyof ActivityViewFilters, string][]) {
    if (filters[key]) params.set(name, filters[key]);
  }
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export function ActivityView({
  initialFilters,
  servers,
  canExport,
}: {
  initialFilters: ActivityViewFilters;
  servers: ServerOption[];
  canExport: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [filters, setFilters] = useState(initialFilters);
  const rangeValid = !(filters.from && filters.to && filters.from > filters.to);
  const query = useActivity(filters, rangeValid);
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  function change(next: ActivityViewFilters) {
    setFilters(next);
    // The URL keeps the filters, so a reload or a shared link shows the same view.
    router.replace(pageUrl(pathname, next), { scroll: false });
  }

  return (
    <div className="flex flex-col gap-6">
      <ActivityFilters filters={filters} servers={servers} onChange={change} />
      <ExportPanel canExport={canExport} filters={filters} sample={events[0]} />
      <section aria-labelledby="events-heading" aria-busy={query.isFetching}>
        <h2 id="events-heading" className="sr-only">
          Events
        </h2>
        {query.isPending && rangeValid ? (
          <Loading label="Loading activity…" className="flex flex-col gap-3">
            <SkeletonRows className="h-12 w-full" />
          </Loading>
        ) : query.isError ? (
          <LoadError what="your activity" query={query} />
        ) : events.length === 0 ? (
          <EmptyState icon={Activity} title={filtered ? "No matching events" : "No activity yet"}>
            {filtered
              ? "Nothing happened that matches these filters. Widen the time range or clear the filters."
              : "Sign-ins and changes to your servers, settings and tickets appear here as they happen."}
          </EmptyState>
        ) : (
          <>
            <ol className="divide-y rounded-xl border px-4" aria-label="Events, newest first">
              {events.map((e) => (
                <ActivityEvent key={e.id} event={e} />
              ))}
            </ol>
            <div className="mt-4">
              {query.hasNextPage ? (
                <LoadMore query={query} label="Load more" busyLabel="Loading more events…" />
              ) : (
                <p className="text-center text-sm text-muted-foreground">That is everything{filtered ? " that matches" : ""}.</p>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
