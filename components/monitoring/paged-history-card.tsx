"use client";

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardSection } from "@/components/app/card-section";
import { LoadError } from "@/components/app/load-error";
import { LoadMore } from "@/components/app/load-more";
import { Loading, SkeletonRows } from "@/components/app/loading";

/**
 * A card of the Monitoring tab that lists a server's history a page at a time
 * (its checks, its incidents): skeleton rows while the first page loads, the
 * load error when it fails (or what `failure` shows instead), then `children`
 * (the list) and a button for the next page, or `empty` when there is none.
 */
export function PagedHistoryCard({
  title,
  description,
  query,
  loading,
  what,
  failure,
  count,
  empty,
  more,
  action,
  children,
}: {
  title: string;
  description: string;
  /** At the end of the title row (a download). */
  action?: ReactNode;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  /** What a screen reader hears while it loads, and the skeleton rows shown meanwhile. */
  loading: { label: string; rows: number; rowClassName: string };
  /** Ends "Could not load …". */
  what: string;
  /** Shown instead of the load error when it returns something for the error. */
  failure?: (error: unknown) => ReactNode;
  /** How many items the pages read so far hold. */
  count: number;
  /** Said, after its icon, when there are none. */
  empty: { icon: LucideIcon; text: string };
  /** The label of the button that reads the next page. */
  more: string;
  children: ReactNode;
}) {
  return (
    <CardSection className="gap-4" title={title} description={description} action={action} contentClassName="flex flex-col gap-4">
      {query.isPending ? (
        <Loading label={loading.label} className="flex flex-col gap-2">
          <SkeletonRows count={loading.rows} className={loading.rowClassName} />
        </Loading>
      ) : query.isError ? (
        (failure?.(query.error) ?? <LoadError what={what} query={query} />)
      ) : count === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <empty.icon aria-hidden="true" className="size-4" />
          {empty.text}
        </p>
      ) : (
        <>
          {children}
          <LoadMore query={query} label={more} busyLabel="Loading…" />
        </>
      )}
    </CardSection>
  );
}
