"use client";

import { Button } from "@/components/ui/button";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of a list read a page at a time, while there is one. */
export function LoadMore({ query, label, busyLabel = label }: { query: PagedQuery; label: string; busyLabel?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? busyLabel : label}
      </Button>
    </div>
  );
}
