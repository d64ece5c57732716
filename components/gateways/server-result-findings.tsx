"use client";

import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { CardSection } from "@/components/app/card-section";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RelativeTime } from "@/components/app/relative-time";
import { useServerResultFindings } from "@/lib/gateways/hooks";
import { RESULT_FINDINGS_LIMIT } from "@/lib/gateways/keys";
import { ResultCheck } from "./result-check";

/**
 * The server's Security tab's view of what its calls returned: each result
 * in which a gateway's result guard found a secret or instructions aimed at
 * the model (or that it could not check in time), newest first, with the
 * gateway and the item, and what became of it.
 */
export function ServerResultFindings({ serverId }: { serverId: string }) {
  const events = useServerResultFindings(serverId);
  return (
    <CardSection
      title="Findings in results"
      description={`What your gateways' result guard found in what this server's tools, resources and prompts returned: the latest ${RESULT_FINDINGS_LIMIT}, newest first. Each finding names its rule and where it matched; the text found is never stored.`}
      contentClassName="flex flex-col gap-3"
    >
      {events.isPending ? (
        <Loading label="Loading the findings in results…">
          <SkeletonRows count={2} className="h-16 w-full" layout="flex flex-col gap-2" />
        </Loading>
      ) : events.isError ? (
        <LoadError what="the findings in results" query={events} />
      ) : events.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-6" />
          <p>Nothing found in this server&apos;s results. Calls through a gateway are checked as they happen; what a gateway finds shows here and on its Activity tab.</p>
        </div>
      ) : (
        <ol className="flex flex-col divide-y" aria-label="Findings in results, newest first">
          {events.data.map((e) => (
            <li key={e.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <div className="min-w-0">
                  <code className="font-mono text-xs font-medium break-all">{e.item || "—"}</code>
                  <p className="text-xs text-muted-foreground">
                    {e.method} through{" "}
                    {e.gateway ? (
                      <Link href={`/gateways/${encodeURIComponent(e.gatewayId)}?tab=activity`} className="font-medium text-foreground underline underline-offset-4 break-words">
                        {e.gateway}
                      </Link>
                    ) : (
                      "a deleted gateway"
                    )}
                  </p>
                </div>
                <span className="text-xs text-muted-foreground">
                  <RelativeTime iso={e.at} />
                </span>
              </div>
              <ResultCheck check={e.check} />
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}
