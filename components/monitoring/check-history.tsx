"use client";

import { History } from "lucide-react";
import { LoadMore } from "@/components/app/load-more";
import { LoadError } from "@/components/app/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useChecks } from "@/lib/monitoring/client";
import { CheckSummary } from "./check-summary";

/** Every check, newest first, with its phases and each failure's reason; older ones a page at a time. */
export function CheckHistory({ serverId }: { serverId: string }) {
  const checks = useChecks(serverId);
  const all = checks.data?.pages.flatMap((p) => p.checks) ?? [];
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Check history
        </CardTitle>
        <CardDescription>Each check connects, initializes, pings and lists the tools; the phases show where the time went.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {checks.isPending ? (
          <div className="flex flex-col gap-2">
            <span className="sr-only" role="status">
              Loading the history…
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : checks.isError ? (
          <LoadError what="the check history" query={checks} />
        ) : all.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <History aria-hidden="true" className="size-4" />
            No checks yet.
          </p>
        ) : (
          <>
            <ol className="flex flex-col" aria-label="Checks, newest first">
              {all.map((check) => (
                <li key={check.id} className="border-b py-3 first:pt-0 last:border-0">
                  <CheckSummary check={check} />
                </li>
              ))}
            </ol>
            <LoadMore query={checks} label="Load older checks" busyLabel="Loading…" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
