"use client";

import { SearchX, Server } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { AddServerButton } from "@/components/servers/add-server-button";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboardSummary } from "@/lib/dashboard/hooks";
import { useServers } from "@/lib/servers/hooks";
import { serverFiltersFrom, type ServerFilters } from "@/lib/servers/keys";
import { ServerFiltersBar } from "./server-filters";
import { ServerTable } from "./server-table";
import { PlanUsage } from "@/components/app/plan-usage";

export function ServerList() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  const filters = useMemo(() => serverFiltersFrom(new URLSearchParams(query)), [query]);
  const filtered = Boolean(filters.q || filters.status || filters.tag);

  const list = useServers(filters);
  // Unfiltered: the tags in use for the tag menu (the same query as the list when nothing is filtered).
  const all = useServers({});
  const summary = useDashboardSummary();

  const setFilters = useCallback(
    (next: ServerFilters) => {
      // Other parameters in the URL are kept; only the three filters are rewritten.
      const params = new URLSearchParams(query);
      for (const key of ["q", "status", "tag"] as const) {
        const value = next[key];
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const qs = params.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [query, pathname, router],
  );

  const tags = useMemo(() => [...new Set((all.data ?? []).flatMap((s) => s.tags))].sort(), [all.data]);

  return (
    <div className="flex flex-col gap-4">
      {summary.data ? <PlanUsage total={summary.data.servers.total} limit={summary.data.servers.limit} noun="servers" /> : null}
      <ServerFiltersBar filters={filters} tags={tags} onChange={setFilters} />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError what="your servers" query={list} />
      ) : list.data.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="No servers match"
            action={
              <Button variant="outline" onClick={() => setFilters({})}>
                Clear filters
              </Button>
            }
          >
            Nothing matches these filters. Try another search, status or tag.
          </EmptyState>
        ) : (
          <EmptyState
            icon={Server}
            title="No servers yet"
            action={
              <AddServerButton label="Add your first server" />
            }
          >
            Register an MCP server by its URL to explore its tools, monitor it and scan what it exposes to your models.
          </EmptyState>
        )
      ) : (
        <>
          <ServerTable servers={list.data} />
          <p className="text-xs text-muted-foreground" role="status">
            {list.data.length === 1 ? "1 server" : `${list.data.length} servers`}
            {filtered ? " match the filters" : ""}
          </p>
        </>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <Loading label="Loading servers…" className="rounded-xl border p-3">
      <div className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64" />
            </div>
            <Skeleton className="h-5 w-16" />
            <Skeleton className="hidden h-4 w-12 sm:block" />
            <Skeleton className="hidden h-4 w-20 md:block" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
