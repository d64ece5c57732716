"use client";

import { Activity } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { NO_FILTERS, useActivity, type ActivityViewFilters } from "@/lib/activity/client";
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
          <div className="flex flex-col gap-3" aria-label="Loading activity">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <FormAlert>
            <p>{query.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </FormAlert>
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
            <div className="mt-4 flex justify-center">
              {query.hasNextPage ? (
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? <Spinner size="sm" aria-label="Loading more events" className="text-current" /> : null}
                  Load more
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">That is everything{filtered ? " that matches" : ""}.</p>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
