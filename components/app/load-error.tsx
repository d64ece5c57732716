"use client";

import { CircleAlert, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { failureMessage } from "@/lib/api-client/api-error";

/** What every failed query offers: what it says, and a way to ask again. */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed load, what failed and a way to try again. */
export function LoadError({ what, query }: { what: string; query: FailedQuery }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/50 bg-destructive/5 p-5 text-sm sm:flex-row sm:items-center">
      <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Could not load {what}.</p>
        <p className="mt-0.5 break-words text-muted-foreground">{failureMessage(query.error)}</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RefreshCw aria-hidden="true" className={query.isFetching ? "animate-spin" : undefined} />
        Try again
      </Button>
    </div>
  );
}
